package dev.tools.bench;

import dev.taskrow.core.NewTask;
import dev.taskrow.core.Signals;
import dev.taskrow.core.TaskKind;
import dev.taskrow.core.Taskrow;
import dev.taskrow.core.Worker;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;

/**
 * Throughput: submit a backlog of no-op tasks in bulk, then start one worker and time it from its
 * start until the last task's SUCCESS is committed. No-op handlers make the engine's own cost per
 * task (claim, dispatch, completion, commit) the whole cost.
 */
final class DrainWorkload {
  static final String WORKLOAD = "drain";
  private static final String QUEUE = "bench-drain";
  private static final String KIND = "bench.noop";

  /**
   * The shared-commit drain: up to 32 tasks per commit, 4 such transactions at once (concurrency
   * 128). Chosen by a sweep on one 2-core host (tools/bench/README.md, aim 2): 16×8, 16×4, 32×6,
   * 48×4 and 64×2 drained at 0.63-0.76 of the ceiling, 32×4 at 0.70-0.77.
   */
  static final int COMMIT_BATCH = 32;

  static final int COMMIT_LANES = 4;

  /**
   * One way to drain. Transactional kinds commit once per task, so their concurrency is the number
   * of commits in flight: a few more than the cores, enough for PostgreSQL's group commit to help.
   */
  record Variant(
      String name,
      boolean transactional,
      SignalsChoice signals,
      boolean taskChangeSignals,
      int tasks,
      int concurrency,
      int batch,
      int completionBatch,
      int commitBatch) {}

  private final Database database;
  private final StatementProfiler profiler;
  private final int submitBatch;

  DrainWorkload(Database database, StatementProfiler profiler, int submitBatch) {
    this.database = database;
    this.profiler = profiler;
    this.submitBatch = submitBatch;
  }

  static List<Variant> variants(Options o) {
    return List.of(
        new Variant(
            "non-transactional, in-process signals",
            false,
            SignalsChoice.IN_PROCESS,
            true,
            o.tasks(),
            o.concurrency(),
            o.batch(),
            o.completionBatch(),
            1),
        new Variant(
            "non-transactional, LISTEN/NOTIFY signals",
            false,
            SignalsChoice.POSTGRES,
            true,
            o.tasks(),
            o.concurrency(),
            o.batch(),
            o.completionBatch(),
            1),
        // The engine NOTIFYs every claim and every success for status streams by default; this
        // variant shows what that costs when nobody listens to task changes.
        new Variant(
            "non-transactional, LISTEN/NOTIFY signals, task-change signals off",
            false,
            SignalsChoice.POSTGRES,
            false,
            o.tasks(),
            o.concurrency(),
            o.batch(),
            o.completionBatch(),
            1),
        new Variant(
            "transactional (one commit per task)",
            true,
            SignalsChoice.IN_PROCESS,
            true,
            o.transactionalTasks(),
            o.transactionalConcurrency(),
            Math.min(o.batch(), o.transactionalConcurrency()),
            1,
            1),
        new Variant(
            "transactional, up to " + COMMIT_BATCH + " tasks per commit",
            true,
            SignalsChoice.IN_PROCESS,
            true,
            o.transactionalTasks(),
            COMMIT_BATCH * COMMIT_LANES,
            Math.min(o.batch(), COMMIT_BATCH * COMMIT_LANES),
            1,
            COMMIT_BATCH));
  }

  /**
   * A short unrecorded drain of each variant first: the first run would otherwise measure the JIT
   * compiling the engine (a cold first run drains at about half the warm rate).
   */
  void warmUp(List<Variant> variants) throws Exception {
    for (Variant v : variants) {
      Variant small =
          new Variant(
              v.name(),
              v.transactional(),
              v.signals(),
              v.taskChangeSignals(),
              Math.min(v.tasks(), v.transactional() ? 2_000 : 20_000),
              v.concurrency(),
              v.batch(),
              v.completionBatch(),
              v.commitBatch());
      run(small, new Results(), 0);
    }
  }

  void run(Variant variant, Results results, int run) throws Exception {
    run(variant, results, run, "", false);
  }

  /** Tops the table up from {@code from} rows of another workload to {@code to}. */
  @FunctionalInterface
  interface Growth {
    void grow(int from, int to) throws Exception;
  }

  /**
   * The headline non-transactional drain and the transactional one (one commit per task), {@code
   * --runs} times at each of {@code sizes} of rows another workload keeps in the table, ascending:
   * {@code growth} tops the table up between sizes, then it is vacuumed, analysed and checkpointed.
   * {@code describe} says what the table holds at a size; {@code what} ends each figure's name (",
   * 1,000 retained"). Only the drained rows are removed between runs.
   */
  void runAsTableGrows(
      Options options,
      Results results,
      List<Integer> sizes,
      Growth growth,
      IntFunction<String> describe,
      String what)
      throws Exception {
    // The headline non-transactional drain and the transactional one with a commit per task.
    List<Variant> all = variants(options).stream().filter(v -> v.commitBatch() == 1).toList();
    List<Variant> headline = List.of(all.getFirst(), all.getLast());
    database.execute("truncate taskrow_task");
    warmUp(headline);
    int kept = 0;
    for (int size : sizes) {
      long start = System.nanoTime();
      if (size > kept) {
        growth.grow(kept, size);
        database.execute("vacuum analyze taskrow_task");
        // The generated rows are still dirty in the buffers: without a checkpoint here the drains
        // that follow pay for writing them out (10 M rows: gigabytes), not for keeping them.
        database.execute("checkpoint");
        kept = size;
      }
      String line =
          String.format(
              Locale.ROOT,
              "%s (generated and vacuumed in %.1f s)",
              describe.apply(size),
              (System.nanoTime() - start) / 1e9);
      System.out.println(line);
      results.diagnostic(line);
      for (int run = 1; run <= options.runs(); run++) {
        for (Variant variant : headline) {
          run(variant, results, run, String.format(Locale.ROOT, ", %,d %s", size, what), true);
        }
      }
    }
  }

  /**
   * One drain; {@code label} is appended to the figure's name. With {@code keepOtherRows} only this
   * workload's own rows are removed (and vacuumed) before it, so rows another workload keeps in the
   * table (retained finished rows) stay; otherwise the table is truncated.
   */
  void run(Variant variant, Results results, int run, String label, boolean keepOtherRows)
      throws Exception {
    if (!keepOtherRows) {
      database.execute("truncate taskrow_task");
    } else {
      database.execute("delete from taskrow_task where queue = '" + QUEUE + "'");
      database.execute("vacuum taskrow_task");
    }
    CompletionCounter counter = new CompletionCounter(variant.tasks());
    Signals signals = variant.signals().create(profiler);
    Taskrow taskrow =
        Taskrow.builder(profiler)
            .kind(
                TaskKind.named(KIND)
                    .queue(QUEUE)
                    .maxAttempts(1)
                    .transactional(variant.transactional())
                    .commitBatch(variant.commitBatch())
                    .build())
            .signals(signals)
            .taskChangeSignals(variant.taskChangeSignals())
            .listener(counter)
            .build();
    try {
      double submitRate = submit(taskrow, variant.tasks());
      results
          .figure(WORKLOAD, "submit, " + variant.name() + label, "tasks/s", true)
          .add(submitRate);

      profiler.reset();
      CpuMeter.Sample cpuFrom = CpuMeter.sample();
      long start = System.nanoTime();
      Worker worker =
          taskrow
              .worker()
              .queue(QUEUE, variant.concurrency())
              .batchSize(variant.batch())
              .completionBatchSize(variant.completionBatch())
              .handler(KIND, context -> {})
              .start();
      Duration timeout = Duration.ofSeconds(30 + variant.tasks() / 200);
      boolean drained = counter.await(timeout);
      CpuMeter.Sample cpuTo = CpuMeter.sample();
      worker.shutdown(Duration.ofSeconds(5));
      if (!drained) {
        throw new IllegalStateException(
            String.format(
                "drain %s: only %d of %d tasks succeeded within %s",
                variant.name(), counter.succeeded(), variant.tasks(), timeout));
      }
      long successRows =
          database.queryLong(
              "select count(*) from taskrow_task where status = 'SUCCESS' and queue = '"
                  + QUEUE
                  + "'");
      if (successRows != variant.tasks()) {
        throw new IllegalStateException(
            "drain "
                + variant.name()
                + ": "
                + successRows
                + " SUCCESS rows, expected "
                + variant.tasks());
      }
      double seconds = (counter.doneNanos() - start) / 1e9;
      double rate = variant.tasks() / seconds;
      results
          .figure(WORKLOAD, "drain, " + variant.name() + label, "tasks/s", true)
          .againstCeiling()
          .add(rate);
      report(
          variant, results, run, start, counter, seconds, rate, CpuMeter.between(cpuFrom, cpuTo));
    } finally {
      signals.close();
    }
  }

  /** submitAll in fixed-size transactions from one thread; returns tasks per second. */
  private double submit(Taskrow taskrow, int tasks) throws Exception {
    long start = System.nanoTime();
    submitInBatches(taskrow, Collections.nCopies(tasks, NewTask.of(KIND)), submitBatch);
    return tasks / ((System.nanoTime() - start) / 1e9);
  }

  /** Submits {@code tasks} from this thread, {@code batch} per submitAll transaction. */
  static void submitInBatches(Taskrow taskrow, List<NewTask> tasks, int batch) throws Exception {
    for (int done = 0; done < tasks.size(); done += batch) {
      List<NewTask> next = tasks.subList(done, Math.min(tasks.size(), done + batch));
      taskrow.inTransaction(tx -> taskrow.submitAll(tx, next));
    }
  }

  private void report(
      Variant variant,
      Results results,
      int run,
      long start,
      CompletionCounter counter,
      double seconds,
      double rate,
      CpuMeter.Usage cpu) {
    double firstHalf = (variant.tasks() / 2) / ((counter.halfwayNanos() - start) / 1e9);
    double secondHalf =
        (variant.tasks() - variant.tasks() / 2)
            / ((counter.doneNanos() - counter.halfwayNanos()) / 1e9);
    long claims = profiler.calls("claim");
    long completes = profiler.calls(variant.transactional() ? "complete one" : "complete batch");
    String line =
        String.format(
            Locale.ROOT,
            "%s drain %s: %,d tasks in %.2f s = %,.0f tasks/s (first half %,.0f/s, second half"
                + " %,.0f/s); concurrency %d, claim batch %d, completion batch %d; %.0f tasks per"
                + " claim, %.0f per completion statement",
            run == 0 ? "warm-up" : "run " + run,
            variant.name(),
            variant.tasks(),
            seconds,
            rate,
            firstHalf,
            secondHalf,
            variant.concurrency(),
            variant.batch(),
            variant.completionBatch(),
            claims == 0 ? 0.0 : (double) variant.tasks() / claims,
            completes == 0 ? 0.0 : (double) variant.tasks() / completes);
    System.out.println(line);
    results.diagnostic(line);
    if (CpuMeter.available()) {
      results.diagnostic("  " + cpu.describe());
      results.diagnostic("  " + cpu.describeJavaThreads());
      results.diagnostic(
          String.format(
              Locale.ROOT,
              "  CPU per task: postgres %.3f ms, machine %.3f ms",
              cpu.postgresMillisPer(variant.tasks()),
              cpu.machineMillisPer(variant.tasks())));
    }
    profiler.report(seconds).forEach(results::diagnostic);
  }
}
