package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Retry by cause, per kind, on the same row: the row stays PROCESSING while it waits. */
class RetryTest extends EngineTest {

  @Test
  void transientFailuresRetryOnTheSameRowUntilSuccess() throws Exception {
    Taskrow taskrow =
        Taskrow.builder(dataSource)
            .clock(clock)
            .kind(
                kind("k")
                    .maxAttempts(5)
                    .retryPolicy(RetryPolicy.fixed(Duration.ofSeconds(10)))
                    .build())
            .build();
    UUID id = taskrow.submit(NewTask.of("k"));
    AtomicInteger calls = new AtomicInteger();
    java.util.List<String> previousCodes = new java.util.concurrent.CopyOnWriteArrayList<>();
    runKind(
        taskrow,
        ctx -> {
          previousCodes.add(String.valueOf(ctx.lastErrorCode()));
          if (calls.incrementAndGet() < 3) {
            throw TaskFailure.retryable("NETWORK_ERROR", "connection reset");
          }
          writeEffect(ctx, "w");
        });

    awaitTrue(() -> find(taskrow, id).isWaitingForRetry());
    Task waiting = find(taskrow, id);
    assertThat(waiting.status()).isEqualTo(TaskStatus.PROCESSING);
    assertThat(waiting.attemptCount()).isEqualTo(1);
    assertThat(waiting.lastErrorCode()).isEqualTo("NETWORK_ERROR");
    assertThat(waiting.errorMessage()).isEqualTo("connection reset");
    assertThat(waiting.errorCode()).isNull();
    assertThat(waiting.lockedBy()).isNull();
    assertThat(waiting.nextRetryAt()).isEqualTo(clock.instant().plusSeconds(10));
    assertThat(waiting.lastAttemptAt()).isEqualTo(clock.instant());

    clock.advance(Duration.ofSeconds(10));
    awaitTrue(() -> find(taskrow, id).attemptCount() == 2 && find(taskrow, id).isWaitingForRetry());
    clock.advance(Duration.ofSeconds(10));
    awaitStatus(taskrow, id, TaskStatus.SUCCESS);

    Task done = find(taskrow, id);
    assertThat(done.attemptCount()).isEqualTo(3);
    assertThat(done.lastErrorCode()).isEqualTo("NETWORK_ERROR");
    assertThat(done.errorCode()).isNull();
    assertThat(effects(id)).isEqualTo(1);
    assertThat(count("select count(*) from taskrow_task")).isEqualTo(1);
    assertThat(previousCodes).containsExactly("null", "NETWORK_ERROR", "NETWORK_ERROR");
  }

  @Test
  void aRetryIsNotClaimedBeforeItIsDue() throws Exception {
    Taskrow taskrow =
        Taskrow.builder(dataSource)
            .clock(clock)
            .kind(
                kind("k")
                    .maxAttempts(3)
                    .retryPolicy(RetryPolicy.fixed(Duration.ofSeconds(30)))
                    .build())
            .build();
    UUID id = taskrow.submit(NewTask.of("k"));
    Worker worker = track(taskrow.worker().queue("default", 1).handler("k", ctx -> {}).build());
    RunningTask first = claimOne(worker);
    taskrow.inTransaction(
        tx ->
            taskrow
                .repository()
                .scheduleRetry(tx.connection(), id, first.fenceToken(), "TIMEOUT", "slow", 30_000));

    clock.advance(Duration.ofSeconds(29));
    assertThat(worker.claim("default", new String[] {"k"}, new Long[] {60_000L}, 10)).isEmpty();
    clock.advance(Duration.ofSeconds(1));
    RunningTask second = claimOne(worker);
    assertThat(second.taskId()).isEqualTo(id);
    assertThat(second.attempt()).isEqualTo(2);
    assertThat(second.fenceToken()).isEqualTo(first.fenceToken() + 1);
  }

  @Test
  void theLastAttemptEndsFailedWithTheCause() throws Exception {
    Taskrow taskrow =
        Taskrow.builder(dataSource)
            .clock(clock)
            .kind(
                kind("k")
                    .maxAttempts(2)
                    .retryPolicy(RetryPolicy.fixed(Duration.ofSeconds(5)))
                    .build())
            .build();
    UUID id = taskrow.submit(NewTask.of("k"));
    runKind(
        taskrow,
        ctx -> {
          throw TaskFailure.retryable("MAINTENANCE", "the issuing site is in maintenance");
        });

    awaitTrue(() -> find(taskrow, id).isWaitingForRetry());
    clock.advance(Duration.ofSeconds(5));
    awaitStatus(taskrow, id, TaskStatus.FAILED);
    Task task = find(taskrow, id);
    assertThat(task.errorCode()).isEqualTo("MAINTENANCE");
    assertThat(task.attemptCount()).isEqualTo(2);
    assertThat(task.nextRetryAt()).isNull();
  }

  @Test
  void neverRetryCodesAreFinalEvenWhenMarkedRetryable() throws Exception {
    Taskrow taskrow =
        Taskrow.builder(dataSource)
            .clock(clock)
            .kind(
                kind("k")
                    .maxAttempts(5)
                    .retryPolicy(
                        RetryPolicy.fixed(Duration.ofSeconds(1)).neverRetry("DUPLICATE_PAYMENT"))
                    .build())
            .build();
    UUID id = taskrow.submit(NewTask.of("k"));
    runKind(
        taskrow,
        ctx -> {
          throw TaskFailure.retryable("DUPLICATE_PAYMENT", "already paid");
        });

    awaitStatus(taskrow, id, TaskStatus.FAILED);
    assertThat(find(taskrow, id).errorCode()).isEqualTo("DUPLICATE_PAYMENT");
    assertThat(find(taskrow, id).attemptCount()).isEqualTo(1);
  }

  @Test
  void alwaysRetryCodesRetryEvenWhenMarkedFatal() throws Exception {
    Taskrow taskrow =
        Taskrow.builder(dataSource)
            .clock(clock)
            .kind(
                kind("k")
                    .maxAttempts(5)
                    .retryPolicy(
                        RetryPolicy.fixed(Duration.ofSeconds(1)).alwaysRetry("RATE_LIMITED"))
                    .build())
            .build();
    UUID id = taskrow.submit(NewTask.of("k"));
    runKind(
        taskrow,
        ctx -> {
          throw TaskFailure.fatal("RATE_LIMITED", "429");
        });

    awaitTrue(() -> find(taskrow, id).isWaitingForRetry());
    assertThat(find(taskrow, id).lastErrorCode()).isEqualTo("RATE_LIMITED");
  }

  @Test
  void retryAfterFromTheCauseWinsOverAShorterBackoff() throws Exception {
    Taskrow taskrow =
        Taskrow.builder(dataSource)
            .clock(clock)
            .kind(
                kind("k")
                    .maxAttempts(3)
                    .retryPolicy(RetryPolicy.fixed(Duration.ofSeconds(1)))
                    .build())
            .build();
    UUID id = taskrow.submit(NewTask.of("k"));
    runKind(
        taskrow,
        ctx -> {
          throw TaskFailure.retryable("RATE_LIMITED", "429").retryAfter(Duration.ofSeconds(120));
        });

    awaitTrue(() -> find(taskrow, id).isWaitingForRetry());
    assertThat(find(taskrow, id).nextRetryAt()).isEqualTo(clock.instant().plusSeconds(120));
  }

  private static RunningTask claimOne(Worker worker) throws Exception {
    var claimed = worker.claim("default", new String[] {"k"}, new Long[] {60_000L}, 1);
    assertThat(claimed).hasSize(1);
    return claimed.getFirst();
  }

  @Test
  void aTransientDatabaseErrorIsRetriedNotEndedAsUnknown() throws Exception {
    Taskrow taskrow = engine(kind("k").maxAttempts(3).build());
    UUID id = taskrow.submit(NewTask.of("k"));
    runKind(
        taskrow,
        ctx -> {
          throw new java.sql.SQLException("could not serialize access", "40001");
        });

    awaitTrue(() -> find(taskrow, id).isWaitingForRetry());
    assertThat(find(taskrow, id).lastErrorCode()).isEqualTo(ErrorCodes.TRANSIENT_DATABASE_ERROR);
  }

  @Test
  void aPermanentDatabaseErrorIsUnknown() throws Exception {
    Taskrow taskrow = engine(kind("k").maxAttempts(3).build());
    UUID id = taskrow.submit(NewTask.of("k"));
    runKind(
        taskrow,
        ctx -> {
          throw new java.sql.SQLException("relation does not exist", "42P01");
        });

    awaitStatus(taskrow, id, TaskStatus.FAILED);
    assertThat(find(taskrow, id).errorCode()).isEqualTo(ErrorCodes.UNKNOWN);
  }
}
