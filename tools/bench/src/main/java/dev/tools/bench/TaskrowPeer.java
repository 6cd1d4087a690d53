package dev.tools.bench;

import dev.taskrow.core.NewTask;
import dev.taskrow.core.Signals;
import dev.taskrow.core.TaskKind;
import dev.taskrow.core.Taskrow;
import dev.taskrow.core.Worker;
import java.time.Duration;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * taskrow as an application deploys it across processes: LISTEN/NOTIFY signals (so a submit in
 * another JVM wakes the worker), a non-transactional no-op kind (batched completions), the worker's
 * default 1 s poll, and the drain settings of the drain workload (claim batch 500, completion batch
 * 1000). With in-process signals instead, the same engine shows what the NOTIFY hop costs.
 */
final class TaskrowPeer implements Peer {
  private static final String QUEUE = "bench-peers";
  private static final String KIND = "bench.peer";

  private final Database database;
  private final SignalsChoice signalsChoice;
  private final String redisUrl;
  private final int concurrency;
  private final int batch;
  private final int completionBatch;
  private final int submitBatch;
  private final boolean asyncLeaseCommits;
  private final boolean transactional;
  private final boolean takesOwnSubmits;
  private final int commitBatch;

  /** Counts the engine's statements: claims per second and rows per claim say how it woke. */
  private final StatementProfiler profiler;

  private Signals signals;
  private Taskrow taskrow;
  private Worker worker;

  TaskrowPeer(Database database, Options options, SignalsChoice signalsChoice) {
    this(database, options, signalsChoice, true, false, true);
  }

  TaskrowPeer(
      Database database,
      Options options,
      SignalsChoice signalsChoice,
      boolean asyncLeaseCommits,
      boolean transactional) {
    this(database, options, signalsChoice, asyncLeaseCommits, transactional, true);
  }

  /**
   * A transactional kind for the drain (issue 19, aim 2), with the drain workload's settings: one
   * commit per task at the transactional concurrency, or {@code commitBatch} tasks per commit (ADR
   * 0019) in {@link DrainWorkload#COMMIT_LANES} lanes.
   */
  static TaskrowPeer transactionalDrain(Database database, Options options, int commitBatch) {
    int concurrency =
        commitBatch == 1
            ? options.transactionalConcurrency()
            : commitBatch * DrainWorkload.COMMIT_LANES;
    return new TaskrowPeer(
        database,
        SignalsChoice.POSTGRES,
        null,
        true,
        true,
        true,
        concurrency,
        Math.min(options.batch(), concurrency),
        1,
        options.submitBatch(),
        commitBatch);
  }

  /**
   * {@code asyncLeaseCommits}: the engine's default (claims and heartbeats commit without the WAL
   * flush, ADR 0012) or every claim durable; {@code transactional}: one commit per task, the
   * handler's writes with its SUCCESS; {@code takesOwnSubmits}: the engine's default (a submit of
   * this JVM goes straight into a free slot of its worker, in the submit's commit) or every task
   * through the table, claimed after a signal, as a submit from a process without a worker is.
   */
  TaskrowPeer(
      Database database,
      Options options,
      SignalsChoice signalsChoice,
      boolean asyncLeaseCommits,
      boolean transactional,
      boolean takesOwnSubmits) {
    this(
        database,
        signalsChoice,
        options.redisUrl(),
        asyncLeaseCommits,
        transactional,
        takesOwnSubmits,
        options.concurrency(),
        options.batch(),
        options.completionBatch(),
        options.submitBatch(),
        1);
  }

  private TaskrowPeer(
      Database database,
      SignalsChoice signalsChoice,
      String redisUrl,
      boolean asyncLeaseCommits,
      boolean transactional,
      boolean takesOwnSubmits,
      int concurrency,
      int batch,
      int completionBatch,
      int submitBatch,
      int commitBatch) {
    this.asyncLeaseCommits = asyncLeaseCommits;
    this.takesOwnSubmits = takesOwnSubmits;
    this.transactional = transactional;
    this.database = database;
    this.profiler = new StatementProfiler(database.dataSource());
    this.signalsChoice = signalsChoice;
    this.redisUrl = redisUrl;
    this.concurrency = concurrency;
    this.batch = batch;
    this.completionBatch = completionBatch;
    this.submitBatch = submitBatch;
    this.commitBatch = commitBatch;
  }

  @Override
  public String name() {
    String name =
        signalsChoice == SignalsChoice.POSTGRES ? "taskrow" : "taskrow, " + signalsChoice.label();
    if (commitBatch > 1) {
      name += ", transactional, up to " + commitBatch + " tasks per commit";
    } else if (transactional) {
      name += ", transactional";
    }
    if (!takesOwnSubmits) {
      name += ", through the table";
    }
    return asyncLeaseCommits ? name : name + ", durable claims";
  }

  @Override
  public String configuration(Mode mode) {
    return String.format(
        "%s, %s, poll 1 s (default), %s kind, claims and heartbeats %s, concurrency %d, claim"
            + " batch %d, completion batch %d, submitAll %d per transaction",
        signalsChoice.label(),
        takesOwnSubmits
            ? "own submits taken into a free slot (default)"
            : "every task claimed from the table after a signal",
        transactional
            ? commitBatch > 1
                ? "transactional (commit batch " + commitBatch + ")"
                : "transactional (one commit per task)"
            : "non-transactional",
        asyncLeaseCommits ? "without the WAL flush (default)" : "durable",
        mode.concurrencyOr(concurrency),
        Math.min(batch, mode.concurrencyOr(concurrency)),
        completionBatch,
        submitBatch);
  }

  @Override
  public void reset() throws Exception {
    database.execute("truncate taskrow_task");
    close();
    signals = signalsChoice.create(database.dataSource(), redisUrl);
    taskrow =
        Taskrow.builder(profiler)
            .kind(
                TaskKind.named(KIND)
                    .queue(QUEUE)
                    .maxAttempts(1)
                    .transactional(transactional)
                    .commitBatch(commitBatch)
                    .build())
            .signals(signals)
            .asyncLeaseCommits(asyncLeaseCommits)
            .build();
  }

  @Override
  public void enqueueAll(int n) throws Exception {
    for (int done = 0; done < n; ) {
      int size = Math.min(submitBatch, n - done);
      int from = done;
      List<NewTask> tasks =
          java.util.stream.IntStream.range(from, from + size).mapToObj(TaskrowPeer::task).toList();
      taskrow.inTransaction(tx -> taskrow.submitAll(tx, tasks));
      done += size;
    }
  }

  @Override
  public void start(Mode mode, IntConsumer onStart) {
    profiler.reset();
    worker =
        taskrow
            .worker()
            .queue(QUEUE, mode.concurrencyOr(concurrency))
            .batchSize(Math.min(batch, mode.concurrencyOr(concurrency)))
            .completionBatchSize(completionBatch)
            .takesOwnSubmits(takesOwnSubmits)
            .handler(
                KIND,
                context -> {
                  onStart.accept(PeerWorkload.sequence(context.payload()));
                  PeerWorkload.simulateIo(mode.handlerMillis());
                })
            .start();
  }

  @Override
  public void submit(int seq) throws Exception {
    taskrow.submit(task(seq));
  }

  @Override
  public long pending() throws Exception {
    return database.queryLong("select count(*) from taskrow_task where status <> 'SUCCESS'");
  }

  private static NewTask task(int seq) {
    return NewTask.of(KIND).payload("{\"seq\":" + seq + "}");
  }

  @Override
  public List<String> statements(double seconds) {
    return profiler.report(seconds);
  }

  @Override
  public void close() throws Exception {
    if (worker != null) {
      worker.shutdown(Duration.ofSeconds(10));
      worker = null;
    }
    if (signals != null) {
      signals.close();
      signals = null;
    }
  }
}
