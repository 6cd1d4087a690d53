package dev.dongchimi.importer;

import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.distributed.BucketProxy;
import io.github.bucket4j.distributed.proxy.ProxyManager;
import io.github.bucket4j.postgresql.Bucket4jPostgreSQL;
import java.time.Duration;
import javax.sql.DataSource;

/**
 * The AI budget of every instance together, kept in PostgreSQL by Bucket4j (table {@code
 * dongchimi_ai_budget}): a blue/green deploy runs two instances, and the API sees their calls added
 * up.
 *
 * <ul>
 *   <li><b>In flight</b> (bucket 1): {@code cap} tokens; a call takes one and gives it back when it
 *       ends. A token bucket must refill, so this one refills to full every {@code leak} (longer
 *       than any call may take: the request timeout and then some) — what gives back the tokens of
 *       an instance that died mid-call, at the price of a short excess should calls still be in
 *       flight then.
 *   <li><b>Requests per minute</b> (bucket 2, when {@code perMinute > 0}): refilled greedily,
 *       {@code perMinute} a minute; a call waits for its token.
 * </ul>
 *
 * A call that finds no token in flight polls again after {@code poll}: the state is a row, not a
 * queue, so waiting calls are not served in order.
 */
public final class SharedAiBudget implements AiBudget {
  private static final long IN_FLIGHT = 1;
  private static final long PER_MINUTE = 2;

  private final BucketProxy inFlight;
  private final BucketProxy perMinute; // null: no per-minute limit
  private final Duration poll;

  public SharedAiBudget(
      DataSource dataSource, int cap, int perMinute, Duration leak, Duration poll) {
    ProxyManager<Long> buckets =
        Bucket4jPostgreSQL.selectForUpdateBasedBuilder(dataSource)
            .table("dongchimi_ai_budget")
            .build();
    this.inFlight =
        buckets
            .builder()
            .build(
                IN_FLIGHT,
                () ->
                    BucketConfiguration.builder()
                        .addLimit(l -> l.capacity(cap).refillIntervally(cap, leak))
                        .build());
    this.perMinute =
        perMinute <= 0
            ? null
            : buckets
                .builder()
                .build(
                    PER_MINUTE,
                    () ->
                        BucketConfiguration.builder()
                            .addLimit(
                                l ->
                                    l.capacity(perMinute)
                                        .refillGreedy(perMinute, Duration.ofMinutes(1)))
                            .build());
    this.poll = poll;
  }

  @Override
  public Permit acquire() throws InterruptedException {
    if (perMinute != null) {
      perMinute.asBlocking().consume(1); // sleeps until the minute's next token
    }
    while (!inFlight.tryConsume(1)) {
      Thread.sleep(poll.toMillis()); // another call's end frees a token; nothing to wait on
    }
    return () -> inFlight.addTokens(1);
  }
}
