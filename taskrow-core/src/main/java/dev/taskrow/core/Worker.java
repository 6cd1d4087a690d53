package dev.taskrow.core;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the tasks of some queues: claims them in batches, runs each handler on a virtual thread
 * under a per-queue concurrency limit, heartbeats their leases, records outcomes, and on shutdown
 * hands unfinished tasks back without burning an attempt.
 */
public final class Worker implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(Worker.class);

  private final Taskrow engine;
  private final String id;
  private final Map<String, TaskHandler> handlers;
  private final List<QueueRunner> runners = new ArrayList<>();
  private final Map<UUID, RunningTask> running = new ConcurrentHashMap<>();
  private final ExecutorService handlerThreads =
      Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("taskrow-task-", 0).factory());
  private final ScheduledExecutorService scheduler;
  private final CompletionBatcher completions;
  // Heartbeats and batched completions of one worker touch the same rows: one at a time, so they
  // cannot deadlock each other.
  private final ReentrantLock rowWrites = new ReentrantLock();
  private final WorkerConfig config;
  private volatile boolean started;
  private volatile boolean stopped;
  private AutoCloseable signalSubscription;

  private Worker(Taskrow engine, WorkerConfig config) {
    this.config = config;
    this.engine = engine;
    this.id = config.id();
    this.handlers = config.handlers();
    this.scheduler =
        Executors.newScheduledThreadPool(
            2, Thread.ofPlatform().daemon().name("taskrow-maintenance-", 0).factory());
    this.completions = new CompletionBatcher(this, config.completionBatchSize());
    config
        .queues()
        .forEach(
            (queue, concurrency) ->
                runners.add(
                    new QueueRunner(
                        this,
                        queue,
                        concurrency,
                        config.batchSizeOf(queue),
                        config.pollInterval(),
                        config.kindsOf(queue))));
  }

  public String id() {
    return id;
  }

  /** The queues this worker runs. */
  public java.util.Set<String> queues() {
    return config.queues().keySet();
  }

  public synchronized Worker start() {
    if (started) {
      return this;
    }
    started = true;
    signalSubscription =
        engine
            .signals()
            .subscribe(
                new SignalListener() {
                  @Override
                  public void onQueueHasWork(String queue) {
                    for (QueueRunner runner : runners) {
                      if (runner.queue().equals(queue)) {
                        runner.wake();
                      }
                    }
                  }
                });
    completions.start();
    long heartbeatMillis = config.heartbeatInterval().toMillis();
    scheduler.scheduleWithFixedDelay(
        new Heartbeater(this), heartbeatMillis, heartbeatMillis, TimeUnit.MILLISECONDS);
    long sweepMillis = config.pollInterval().toMillis();
    scheduler.scheduleWithFixedDelay(
        new ExpiredLeaseSweeper(engine, List.copyOf(config.queues().keySet())),
        0,
        sweepMillis,
        TimeUnit.MILLISECONDS);
    if (config.prunes()) {
      scheduler.scheduleWithFixedDelay(
          new FinishedTaskPruner(engine, config.retention()),
          1,
          config.pruneInterval().toSeconds(),
          TimeUnit.SECONDS);
    }
    runners.forEach(QueueRunner::start);
    log.info("taskrow worker {} started: queues {}", id, config.queues());
    return this;
  }

  public boolean isStarted() {
    return started && !stopped;
  }

  /** How many tasks this worker runs now (handlers running or outcomes being recorded). */
  public int runningCount() {
    return running.size();
  }

  Collection<RunningTask> runningTasks() {
    return running.values();
  }

  /** The claim floor of a queue now; see {@link ClaimFloor}. */
  Instant claimFloor(String queue, String[] kinds) throws SQLException {
    return engine.inEngineTransaction(
        tx ->
            engine
                .repository()
                .claimFloor(
                    tx.connection(),
                    queue,
                    kinds,
                    config.claimFloorDeadRows(),
                    config.pollInterval()));
  }

  List<RunningTask> claim(String queue, String[] kinds, Long[] leaseMillis, int limit)
      throws SQLException {
    return claim(queue, kinds, leaseMillis, limit, null);
  }

  List<RunningTask> claim(
      String queue, String[] kinds, Long[] leaseMillis, int limit, Instant floor)
      throws SQLException {
    // One statement, committed on its own: the claims of a queue run one after another, and a
    // task woken during one waits for it to end, so a COMMIT round trip less is latency less.
    List<TaskRepository.Claimed> claimed =
        engine.inEngineStatement(
            c -> engine.repository().claim(c, queue, kinds, leaseMillis, id, limit, floor));
    engine.announceCommittedChanges(
        claimed.stream()
            .map(r -> new TaskChange(r.task().id(), queue, TaskStatus.PROCESSING))
            .toList());
    List<RunningTask> tasks = new ArrayList<>(claimed.size());
    for (TaskRepository.Claimed row : claimed) {
      Instant queuedSince = row.previousDueAt() == null ? row.claimedAt() : row.previousDueAt();
      RunningTask task =
          new RunningTask(
              row.task(), engine.kind(row.task().kind()), engine, row.claimedAt(), queuedSince);
      running.put(task.taskId(), task);
      tasks.add(task);
      Duration waited =
          row.previousDueAt() == null
              ? Duration.ZERO
              : positive(Duration.between(row.previousDueAt(), row.claimedAt()));
      engine.listeners().onClaimed(task.event(), waited);
      if (row.isRescue()) {
        engine.listeners().onRescued(task.event());
        log.info(
            "task {} ({}) rescued from an expired lease (attempt {})",
            task.taskId(),
            task.kind(),
            task.attempt());
      }
    }
    return tasks;
  }

  void dispatch(RunningTask task, Semaphore permits, Semaphore slots) {
    try {
      handlerThreads.execute(() -> execute(task, permits, slots));
    } catch (RuntimeException e) {
      // Shutting down: the task stays listed as running, so its lease is handed back.
      permits.release();
    }
  }

  private void execute(RunningTask task, Semaphore permits, Semaphore slots) {
    try {
      slots.acquire();
    } catch (InterruptedException e) {
      permits.release(); // shutting down before it started: handed back with the others
      return;
    }
    if (stopped) {
      slots.release();
      permits.release(); // prefetched but not started: handed back at shutdown
      return;
    }
    boolean batched = false;
    try {
      TaskHandler handler = handlers.get(task.kind());
      if (task.taskKind().transactional()) {
        runInTransaction(task, handler);
      } else {
        task.bind(null, Thread.currentThread());
        handler.handle(task);
        task.markCompleting();
        // The claim permit stays taken until the success is recorded: a slow database slows
        // claiming instead of growing the backlog of unrecorded successes.
        task.holdPermitUntilRecorded(permits);
        batched = true;
        completions.add(task);
      }
    } catch (Throwable e) {
      Throwable cause = unwrap(e);
      if (cause instanceof LeaseLostException) {
        leaseLost(task);
      } else {
        recordFailure(task, cause);
      }
    } finally {
      task.unbind();
      slots.release();
      if (!batched) {
        running.remove(task.taskId(), task);
        permits.release();
      }
    }
  }

  private void runInTransaction(RunningTask task, TaskHandler handler) throws Exception {
    engine.inTransaction(
        tx -> {
          task.bind(tx, Thread.currentThread());
          handler.handle(task);
          task.markCompleting();
          if (!engine
              .repository()
              .completeOne(tx.connection(), task.taskId(), task.fenceToken(), task.resultJson())) {
            throw new LeaseLostException();
          }
          engine.announceChanges(tx, List.of(task.change(TaskStatus.SUCCESS)));
          return null;
        });
    Duration runTime = runTime(task);
    engine.listeners().onSucceeded(task.event(), runTime);
  }

  private void recordFailure(RunningTask task, Throwable error) {
    FailureClassifier.Decision decision =
        FailureClassifier.classify(
            error,
            task.attempt(),
            task.maxAttempts(),
            task.isCancellationRequested(),
            task.taskKind().retryPolicy(),
            ThreadLocalRandom.current().nextDouble());
    if (decision.unexpected()) {
      log.error(
          "task {} ({}) failed with an unexpected exception", task.taskId(), task.kind(), error);
    }
    task.markCompleting();
    try {
      if (decision.retries()) {
        scheduleRetry(task, decision.code(), decision.message(), decision.retryDelay());
      } else {
        fail(task, decision.code(), decision.message());
      }
    } catch (SQLException | RuntimeException e) {
      log.error(
          "could not record the failure of task {}; it runs again after its lease: {}",
          task.taskId(),
          e.toString());
    }
  }

  private void scheduleRetry(RunningTask task, String code, String message, Duration delay)
      throws SQLException {
    TaskStatus after =
        engine.inEngineTransaction(
            tx -> {
              TaskStatus status =
                  engine
                      .repository()
                      .scheduleRetry(
                          tx.connection(),
                          task.taskId(),
                          task.fenceToken(),
                          code,
                          message,
                          delay.toMillis())
                      .orElse(null);
              if (status != null) {
                engine.announceChanges(tx, List.of(task.change(status)));
              }
              return status;
            });
    if (after == null) {
      leaseLost(task);
    } else if (after == TaskStatus.PROCESSING) {
      log.info(
          "task {} ({}) attempt {} failed with {}; retry in {} ms",
          task.taskId(),
          task.kind(),
          task.attempt(),
          code,
          delay.toMillis());
      engine.listeners().onRetryScheduled(task.event(), code, delay);
    } else {
      Duration runTime = runTime(task);
      engine.listeners().onFailed(task.event(), ErrorCodes.CANCELLED, runTime);
    }
  }

  private void fail(RunningTask task, String code, String message) throws SQLException {
    boolean failed =
        engine.inEngineTransaction(
            tx -> {
              boolean ok =
                  engine
                      .repository()
                      .fail(tx.connection(), task.taskId(), task.fenceToken(), code, message);
              if (ok) {
                engine.announceChanges(tx, List.of(task.change(TaskStatus.FAILED)));
              }
              return ok;
            });
    if (!failed) {
      leaseLost(task);
      return;
    }
    Duration runTime = runTime(task);
    engine.listeners().onFailed(task.event(), code, runTime);
  }

  private void leaseLost(RunningTask task) {
    task.markLeaseLost();
    log.warn(
        "worker {} lost the lease of task {} ({}, attempt {}): its writes were rolled back; "
            + "another worker owns the task",
        id,
        task.taskId(),
        task.kind(),
        task.attempt());
    engine.listeners().onLeaseLost(task.event());
  }

  List<UUID> completeBatch(List<RunningTask> batch, Object[] ids, Object[] tokens, Object[] results)
      throws SQLException {
    rowWrites.lock();
    try {
      return engine.inEngineTransaction(
          tx -> {
            List<UUID> done =
                engine.repository().completeBatch(tx.connection(), ids, tokens, results);
            if (!done.isEmpty()) {
              Map<UUID, RunningTask> byId = new HashMap<>();
              batch.forEach(t -> byId.put(t.taskId(), t));
              engine.announceChanges(
                  tx, done.stream().map(d -> byId.get(d).change(TaskStatus.SUCCESS)).toList());
            }
            return done;
          });
    } finally {
      rowWrites.unlock();
    }
  }

  /** Called by the batcher once a batched completion is recorded (or found fenced off). */
  void finished(RunningTask task, boolean succeeded) {
    running.remove(task.taskId(), task);
    task.releasePermit();
    if (succeeded) {
      Duration runTime = runTime(task);
      engine.listeners().onSucceeded(task.event(), runTime);
    } else {
      leaseLost(task);
    }
  }

  void abandoned(RunningTask task) {
    running.remove(task.taskId(), task);
    task.releasePermit();
  }

  Map<UUID, Boolean> heartbeat(Object[] ids, Object[] tokens, Object[] leases) throws SQLException {
    rowWrites.lock();
    try {
      return engine.inEngineTransaction(
          tx -> engine.repository().heartbeat(tx.connection(), ids, tokens, leases));
    } finally {
      rowWrites.unlock();
    }
  }

  /**
   * Graceful shutdown: stop claiming, let running tasks finish within {@code timeout}, record what
   * finished, then hand the rest back: their leases are released without consuming an attempt, so
   * another instance claims them at once.
   */
  public synchronized void shutdown(Duration timeout) {
    if (!started || stopped) {
      stopped = true;
      handlerThreads.shutdownNow();
      scheduler.shutdownNow();
      return;
    }
    stopped = true;
    closeQuietly(signalSubscription);
    runners.forEach(QueueRunner::stop);
    Instant deadline = Instant.now().plus(timeout);
    try {
      for (QueueRunner runner : runners) {
        runner.awaitIdle(positive(Duration.between(Instant.now(), deadline)));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    completions.stop();
    List<RunningTask> unfinished =
        running.values().stream().filter(t -> !t.isCompleting()).toList();
    if (!unfinished.isEmpty()) {
      releaseLeases(unfinished);
    }
    scheduler.shutdownNow();
    handlerThreads.shutdownNow();
    log.info("taskrow worker {} stopped; {} unfinished tasks handed back", id, unfinished.size());
  }

  private void releaseLeases(List<RunningTask> unfinished) {
    Object[] ids = unfinished.stream().map(RunningTask::taskId).toArray();
    Object[] tokens = unfinished.stream().map(RunningTask::fenceToken).toArray();
    // ISO-8601 text with its offset: read the same whatever the session's time zone.
    Object[] queuedSince = unfinished.stream().map(t -> t.queuedSince().toString()).toArray();
    try {
      rowWrites.lock();
      try {
        engine.inEngineTransaction(
            tx -> {
              engine.repository().release(tx.connection(), ids, tokens, queuedSince);
              engine.announceWork(
                  tx,
                  unfinished.stream().map(RunningTask::taskKind).toList(),
                  unfinished.stream().map(t -> NewTask.of(t.kind())).toList());
              return null;
            });
      } finally {
        rowWrites.unlock();
      }
    } catch (SQLException | RuntimeException e) {
      log.warn(
          "could not hand back {} tasks; they are rescued when their leases expire: {}",
          unfinished.size(),
          e.toString());
    }
    for (RunningTask task : unfinished) {
      task.markLeaseLost();
      Thread thread = task.thread();
      if (thread != null) {
        thread.interrupt();
      }
    }
  }

  /**
   * Stops claiming and heartbeating at once and hands nothing back: what a SIGKILL leaves behind,
   * while the handlers already running go on as zombies. For tests of rescue and fencing.
   */
  synchronized void kill() {
    stopped = true;
    closeQuietly(signalSubscription);
    runners.forEach(QueueRunner::stop);
    scheduler.shutdownNow();
  }

  @Override
  public void close() {
    shutdown(config.shutdownTimeout());
  }

  private static Duration runTime(RunningTask task) {
    return positive(Duration.between(task.claimedAt(), task.now()));
  }

  private static Duration positive(Duration duration) {
    return duration.isNegative() ? Duration.ZERO : duration;
  }

  private static Throwable unwrap(Throwable e) {
    Throwable current = e;
    while (current instanceof TransactionRunner.WorkException && current.getCause() != null) {
      current = current.getCause();
    }
    return current;
  }

  private static void closeQuietly(AutoCloseable closeable) {
    if (closeable == null) {
      return;
    }
    try {
      closeable.close();
    } catch (Exception e) {
      log.debug("close failed", e);
    }
  }

  /** Thrown inside the task's transaction when its (id, token) no longer matches: roll back. */
  static final class LeaseLostException extends RuntimeException {
    LeaseLostException() {
      super("lease lost", null, false, false);
    }
  }

  /** Configures a worker; {@link #build()} fixes the settings in a {@link WorkerConfig}. */
  public static final class Builder {
    private final Taskrow engine;
    private String id;
    private final Map<String, Integer> queues = new LinkedHashMap<>();
    private final Map<String, TaskHandler> handlers = new LinkedHashMap<>();
    private Duration pollInterval = Duration.ofSeconds(1);
    private int batchSize = 100;
    private Duration heartbeatInterval;
    private int completionBatchSize = 1000;
    private Duration shutdownTimeout = Duration.ofSeconds(30);
    private Duration retention;
    private Duration pruneInterval = Duration.ofMinutes(10);
    private long claimFloorDeadRows = ClaimFloor.DEFAULT_DEAD_ROWS;

    Builder(Taskrow engine) {
      this.engine = engine;
    }

    /** A unique name for this worker (default: host/pid/random). Stored as locked_by. */
    public Builder id(String id) {
      this.id = id;
      return this;
    }

    /** Runs {@code queue} with at most {@code concurrency} tasks at a time. */
    public Builder queue(String queue, int concurrency) {
      TaskKind.requireName(queue, "queue");
      WorkerConfig.requireConcurrency(queue, concurrency);
      queues.put(queue, concurrency);
      return this;
    }

    public Builder handler(String kind, TaskHandler handler) {
      engine.kind(kind);
      handlers.put(kind, handler);
      return this;
    }

    /** Tests: the dead-version count from which claims use a floor (0: always). */
    Builder claimFloorDeadRows(long deadRows) {
      this.claimFloorDeadRows = deadRows;
      return this;
    }

    /** How long an idle queue waits for a signal before it looks again. At most 1 s by default. */
    public Builder pollInterval(Duration pollInterval) {
      WorkerConfig.requirePollInterval(pollInterval);
      this.pollInterval = pollInterval;
      return this;
    }

    /** Tasks claimed per statement at most (and never more than the free capacity). */
    public Builder batchSize(int batchSize) {
      WorkerConfig.requireBatchSize(batchSize);
      this.batchSize = batchSize;
      return this;
    }

    /** Default: a third of the shortest lease among the handled kinds. */
    public Builder heartbeatInterval(Duration heartbeatInterval) {
      this.heartbeatInterval = heartbeatInterval;
      return this;
    }

    public Builder completionBatchSize(int size) {
      WorkerConfig.requireCompletionBatchSize(size);
      this.completionBatchSize = size;
      return this;
    }

    /** How long {@link #close()} waits for running tasks before handing them back. */
    public Builder shutdownTimeout(Duration shutdownTimeout) {
      this.shutdownTimeout = shutdownTimeout;
      return this;
    }

    /** Prunes finished tasks older than {@code age} every {@code every}. Off by default. */
    public Builder retention(Duration age, Duration every) {
      this.retention = age;
      this.pruneInterval = every;
      return this;
    }

    /** The settings as given so far, checked, with the defaults filled in. */
    WorkerConfig config() {
      Map<String, TaskKind> kinds = new LinkedHashMap<>();
      handlers.keySet().forEach(name -> kinds.put(name, engine.kind(name)));
      return new WorkerConfig(
          id != null ? id : defaultId(),
          queues,
          handlers,
          kinds,
          pollInterval,
          batchSize,
          heartbeatInterval != null
              ? heartbeatInterval
              : WorkerConfig.defaultHeartbeatInterval(kinds.values()),
          completionBatchSize,
          shutdownTimeout,
          retention,
          pruneInterval,
          claimFloorDeadRows);
    }

    public Worker build() {
      return new Worker(engine, config());
    }

    public Worker start() {
      return build().start();
    }

    private static String defaultId() {
      String host;
      try {
        host = InetAddress.getLocalHost().getHostName();
      } catch (Exception e) {
        host = "unknown-host";
      }
      long pid = ManagementFactory.getRuntimeMXBean().getPid();
      return host
          + "/"
          + pid
          + "/"
          + Integer.toHexString(ThreadLocalRandom.current().nextInt(1 << 16));
    }
  }
}
