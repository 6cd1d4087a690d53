package dev.tools.bench;

import dev.taskrow.core.NewTask;
import dev.taskrow.core.Signals;
import dev.taskrow.core.TaskKind;
import dev.taskrow.core.Taskrow;
import dev.taskrow.core.Worker;
import java.time.Duration;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * The drain spread over many queues (issue 19, aim 3): {@code --tasks} no-op tasks over 1 or 100
 * queues (one kind each, round-robin), one worker serving them all with the headline drain's total
 * concurrency shared out among them, woken in-process. The worker claims for all its queues in one
 * statement per round (ADR 0001); before that each queue claimed by itself, and 100 queues drained
 * at a tenth of one queue's rate.
 */
final class QueuesWorkload {
  static final String WORKLOAD = "queues";
  private static final int SUBMIT_BATCH = 1000;

  private final Database database;
  private final StatementProfiler profiler;
  private final Options options;

  QueuesWorkload(Database database, StatementProfiler profiler, Options options) {
    this.database = database;
    this.profiler = profiler;
    this.options = options;
  }

  void run(Results results, int run) throws Exception {
    if (run == 1) {
      // Unrecorded, so the first figure is not the one that warms the JVM up.
      drain(options.queues().getLast(), Math.max(1_000, options.tasks() / 10));
    }
    for (int queues : options.queues()) {
      profiler.reset();
      long start = System.nanoTime();
      double rate = drain(queues, options.tasks());
      double seconds = (System.nanoTime() - start) / 1e9;
      results
          .figure(
              WORKLOAD,
              "drain, non-transactional, " + queues + (queues == 1 ? " queue" : " queues"),
              "tasks/s",
              true)
          .againstCeiling()
          .add(rate);
      String line =
          String.format(
              Locale.ROOT,
              "run %d queues %d: %,d tasks at %,.0f tasks/s (statements below: submit and drain)",
              run,
              queues,
              options.tasks(),
              rate);
      System.out.println(line);
      results.diagnostic(line);
      profiler.report(seconds).forEach(results::diagnostic);
    }
  }

  private double drain(int queues, int tasks) throws Exception {
    database.execute("truncate taskrow_task");
    CompletionCounter counter = new CompletionCounter(tasks);
    Signals signals = SignalsChoice.IN_PROCESS.create(profiler);
    Taskrow.Builder builder = Taskrow.builder(profiler).signals(signals).listener(counter);
    for (int q = 0; q < queues; q++) {
      builder.kind(
          TaskKind.named(kind(q)).queue(queue(q)).maxAttempts(1).transactional(false).build());
    }
    Taskrow taskrow = builder.build();
    DrainWorkload.submitInBatches(
        taskrow,
        IntStream.range(0, tasks).mapToObj(i -> NewTask.of(kind(i % queues))).toList(),
        SUBMIT_BATCH);
    database.execute("vacuum analyze taskrow_task");
    // The headline drain's concurrency, shared out; each queue claims at most its share.
    int perQueue = Math.max(1, options.concurrency() / queues);
    int batch = Math.min(options.batch(), perQueue);
    long start = System.nanoTime();
    Worker.Builder worker =
        taskrow.worker().batchSize(batch).completionBatchSize(options.completionBatch());
    for (int q = 0; q < queues; q++) {
      worker.queue(queue(q), perQueue).handler(kind(q), context -> {});
    }
    Worker running = worker.start();
    try {
      Duration timeout = Duration.ofSeconds(30 + tasks / 200);
      if (!counter.await(timeout)) {
        throw new IllegalStateException(
            String.format(
                Locale.ROOT,
                "queues %d: only %d of %d tasks succeeded within %s",
                queues,
                counter.succeeded(),
                tasks,
                timeout));
      }
      return tasks / ((counter.doneNanos() - start) / 1e9);
    } finally {
      running.shutdown(Duration.ofSeconds(5));
      signals.close();
    }
  }

  private static String queue(int q) {
    return "bench-q-" + q;
  }

  private static String kind(int q) {
    return "bench.q" + q;
  }
}
