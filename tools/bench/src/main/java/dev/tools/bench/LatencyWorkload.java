package dev.tools.bench;

import dev.taskrow.core.NewTask;
import dev.taskrow.core.Signals;
import dev.taskrow.core.TaskContext;
import dev.taskrow.core.TaskKind;
import dev.taskrow.core.Taskrow;
import dev.taskrow.core.Worker;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Submit → start latency on an idle system: one task every 5–10 ms (open loop, so the submit times
 * fall at random phases of the poll cycle), timed from just before the submit call to the handler's
 * first line, both with System.nanoTime in this JVM.
 */
final class LatencyWorkload {
  static final String WORKLOAD = "latency";
  private static final String QUEUE = "bench-latency";
  private static final String KIND = "bench.ping";
  private static final int WARMUP = 30;

  record Variant(String name, SignalsChoice signals, Duration pollInterval) {}

  private final Database database;
  private final StatementProfiler profiler;
  private final int samples;

  LatencyWorkload(Database database, StatementProfiler profiler, int samples) {
    this.database = database;
    this.profiler = profiler;
    this.samples = samples;
  }

  static List<Variant> variants() {
    return List.of(
        new Variant("in-process signals", SignalsChoice.IN_PROCESS, Duration.ofSeconds(1)),
        new Variant("LISTEN/NOTIFY signals", SignalsChoice.POSTGRES, Duration.ofSeconds(1)),
        new Variant("no signals, poll 100 ms", SignalsChoice.NONE, Duration.ofMillis(100)),
        new Variant("no signals, poll 1 s", SignalsChoice.NONE, Duration.ofSeconds(1)));
  }

  void run(Variant variant, Results results, int run) throws Exception {
    database.execute("truncate taskrow_task");
    int total = WARMUP + samples;
    AtomicLongArray submitted = new AtomicLongArray(total);
    AtomicLongArray started = new AtomicLongArray(total);
    CountDownLatch allStarted = new CountDownLatch(total);
    Signals signals = variant.signals().create(profiler);
    Taskrow taskrow =
        Taskrow.builder(profiler)
            .kind(TaskKind.named(KIND).queue(QUEUE).maxAttempts(1).transactional(false).build())
            .signals(signals)
            .build();
    Worker worker =
        taskrow
            .worker()
            .queue(QUEUE, 8)
            .batchSize(8)
            .pollInterval(variant.pollInterval())
            .handler(
                KIND,
                context -> {
                  long now = System.nanoTime();
                  int seq = sequence(context);
                  started.set(seq, now);
                  allStarted.countDown();
                })
            .start();
    try {
      for (int i = 0; i < total; i++) {
        if (i == WARMUP) {
          profiler.reset();
        }
        Thread.sleep(Duration.ofNanos(ThreadLocalRandom.current().nextLong(5_000_000, 10_000_000)));
        NewTask task = NewTask.of(KIND).payload("{\"seq\":" + i + "}");
        submitted.set(i, System.nanoTime());
        taskrow.submit(task);
      }
      long waitMillis = variant.pollInterval().toMillis() * 3 + 10_000;
      if (!allStarted.await(waitMillis, TimeUnit.MILLISECONDS)) {
        throw new IllegalStateException(
            "latency " + variant.name() + ": " + allStarted.getCount() + " tasks never started");
      }
    } finally {
      worker.shutdown(Duration.ofSeconds(5));
      signals.close();
    }
    double[] millis = new double[samples];
    for (int i = 0; i < samples; i++) {
      millis[i] = (started.get(WARMUP + i) - submitted.get(WARMUP + i)) / 1e6;
    }
    double[] sorted = Stats.sorted(millis);
    double p50 = Stats.percentile(sorted, 50);
    double p90 = Stats.percentile(sorted, 90);
    double p99 = Stats.percentile(sorted, 99);
    double max = sorted[sorted.length - 1];
    String prefix = "submit → start, " + variant.name() + ", ";
    results.figure(WORKLOAD, prefix + "p50", "ms", false).add(p50);
    results.figure(WORKLOAD, prefix + "p90", "ms", false).add(p90);
    results.figure(WORKLOAD, prefix + "p99", "ms", false).add(p99);
    results.figure(WORKLOAD, prefix + "max", "ms", false).add(max);
    String line =
        String.format(
            Locale.ROOT,
            "run %d latency %s: %d samples, p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms,"
                + " min %.2f ms",
            run,
            variant.name(),
            samples,
            p50,
            p90,
            p99,
            max,
            Arrays.stream(sorted).min().orElse(0));
    System.out.println(line);
    results.diagnostic(line);
    profiler.report(samples * 0.0075).stream()
        .filter(l -> !l.contains("expire leases") && !l.contains("heartbeat"))
        .forEach(results::diagnostic);
  }

  /** The payload is {"seq": n}; jsonb may add spaces, so read the digits. */
  private static int sequence(TaskContext context) {
    String payload = context.payload();
    int i = payload.indexOf(':') + 1;
    while (!Character.isDigit(payload.charAt(i))) {
      i++;
    }
    int seq = 0;
    while (i < payload.length() && Character.isDigit(payload.charAt(i))) {
      seq = seq * 10 + (payload.charAt(i++) - '0');
    }
    return seq;
  }
}
