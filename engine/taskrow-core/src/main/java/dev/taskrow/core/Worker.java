package dev.taskrow.core;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the tasks of some queues: claims them in batches, runs each handler on a virtual thread
 * under a per-queue concurrency limit, heartbeats their leases, records outcomes, and on shutdown
 * hands unfinished tasks back without burning an attempt.
 *
 * <p>This class is the lifecycle only: it wires the parts up, starts them and stops them. The
 * {@link ClaimLoop} claims for all its queues (each a {@link QueueCapacity}) through the {@link
 * TaskClaimer} and dispatches to the {@link AttemptExecutor}; the {@link OutcomeRecorder} writes
 * how each attempt ended; the {@link Heartbeater} (leases and the {@link WorkerRegistration
 * registry row}), the {@link ExpiredLeaseSweeper}, the {@link FinishedTaskPruner}, the {@link
 * GoneWorkerPruner}, the {@link FailureCountCompactor} and the {@link RecurringScheduler} are the
 * periodic duties.
 */
public final class Worker implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(Worker.class);

  private final Taskrow engine;
  private final WorkerConfig config;
  private final RunningTasks running = new RunningTasks();
  private final TaskClaimer claimer;
  private final OutcomeRecorder outcomes;
  private final CompletionBatcher completions;
  private final AttemptExecutor executor;
  private final Heartbeater heartbeater;
  private final TimeLimiter timeLimiter;
  private final WorkerRegistration registration;
  private final RecurringScheduler recurring;
  private final ClaimLoop claims;
  private final SubmitTaker submitTaker;
  private final ScheduledExecutorService scheduler =
      Executors.newScheduledThreadPool(
          2, Thread.ofPlatform().daemon().name("taskrow-maintenance-", 0).factory());
  private volatile boolean started;
  private volatile boolean stopped;
  private AutoCloseable signalSubscription;

  private Worker(Taskrow engine, WorkerConfig config) {
    this.engine = engine;
    this.config = config;
    // Heartbeats and batched completions of one worker touch the same rows: one at a time, so they
    // cannot deadlock each other.
    ReentrantLock rowWrites = new ReentrantLock();
    this.outcomes = new OutcomeRecorder(engine, config.id(), running, rowWrites);
    this.completions = new CompletionBatcher(outcomes, config.completionBatchSize());
    this.timeLimiter = new TimeLimiter(config.kinds().values());
    this.executor =
        new AttemptExecutor(
            engine,
            config.handlers(),
            running,
            outcomes,
            completions,
            timeLimiter,
            config.queues());
    this.claimer =
        new TaskClaimer(
            engine, config.id(), running, config.claimFloorDeadRows(), config.pollInterval());
    this.registration =
        new WorkerRegistration(
            engine, config.id(), config.queues(), config.heartbeatInterval(), running::size);
    this.heartbeater = new Heartbeater(engine, config.id(), running, rowWrites, registration);
    this.recurring = new RecurringScheduler(engine, List.copyOf(config.kinds().values()));
    Wakeup claimWakeup = new Wakeup();
    List<QueueCapacity> queues = new ArrayList<>();
    config
        .queues()
        .forEach(
            (queue, concurrency) ->
                queues.add(
                    new QueueCapacity(
                        queue,
                        concurrency,
                        config.batchSizeOf(queue),
                        config.pollInterval(),
                        config.kindsOf(queue),
                        claimWakeup)));
    this.claims = new ClaimLoop(claimer, executor, config.pollInterval(), claimWakeup, queues);
    Map<String, QueueCapacity> byName = new LinkedHashMap<>();
    queues.forEach(q -> byName.put(q.queue, q));
    this.submitTaker =
        config.takesOwnSubmits()
            ? new SubmitTaker(config.id(), byName, config.kinds().keySet(), claimer, executor)
            : null;
  }

  public String id() {
    return config.id();
  }

  /** The queues this worker runs. */
  public Set<String> queues() {
    return config.queues().keySet();
  }

  public synchronized Worker start() {
    if (started) {
      return this;
    }
    started = true;
    registration.register();
    signalSubscription =
        engine
            .signals()
            .subscribe(
                new SignalListener() {
                  @Override
                  public void onQueueHasWork(String queue) {
                    claims.wake(queue);
                  }
                });
    completions.start();
    long heartbeatMillis = config.heartbeatInterval().toMillis();
    scheduler.scheduleWithFixedDelay(
        heartbeater, heartbeatMillis, heartbeatMillis, TimeUnit.MILLISECONDS);
    scheduler.scheduleWithFixedDelay(
        new ExpiredLeaseSweeper(engine, List.copyOf(config.queues().keySet())),
        0,
        config.leaseSweepInterval().toMillis(),
        TimeUnit.MILLISECONDS);
    if (config.prunes()) {
      scheduler.scheduleWithFixedDelay(
          new FinishedTaskPruner(engine, config.retention()),
          1,
          config.pruneInterval().toSeconds(),
          TimeUnit.SECONDS);
    }
    // Recurring kinds: the workers that run a kind enqueue its slots, every one of them (no
    // leader).
    if (!recurring.isEmpty()) {
      long pollMillis = config.pollInterval().toMillis();
      scheduler.scheduleWithFixedDelay(recurring, 0, pollMillis, TimeUnit.MILLISECONDS);
    }
    // Registry rows are not tasks: they are pruned whether or not finished tasks are.
    scheduler.scheduleWithFixedDelay(
        new GoneWorkerPruner(engine),
        1_000,
        config.pruneInterval().toMillis(),
        TimeUnit.MILLISECONDS);
    scheduler.scheduleWithFixedDelay(
        new FailureCountCompactor(engine),
        2_000,
        config.pruneInterval().toMillis(),
        TimeUnit.MILLISECONDS);
    claims.start();
    if (submitTaker != null) {
      engine.addSubmitTaker(submitTaker);
    }
    log.info("taskrow worker {} started: queues {}", config.id(), config.queues());
    return this;
  }

  public boolean isStarted() {
    return started && !stopped;
  }

  /** How many tasks this worker runs now (handlers running or outcomes being recorded). */
  public int runningCount() {
    return running.size();
  }

  /** Tests: attempts of {@code kind} waiting for a batch's turn ({@link CommitBatches}). */
  int waitingForBatch(String kind) {
    return executor.waitingForBatch(kind);
  }

  /** Tests: the claim rounds this worker has finished. */
  long claimsDone() {
    return claims.claimsDone();
  }

  /** Tests: one claim as a queue runner makes it, without dispatching what it claims. */
  List<RunningTask> claim(String queue, String[] kinds, Long[] leaseMillis, int limit)
      throws SQLException {
    return claimer.claim(queue, kinds, leaseMillis, limit, null);
  }

  /** Tests: one claim of a queue's kinds with a concurrency limit, without dispatching it. */
  List<RunningTask> claimWithinLimits(String queue, int limit) throws SQLException {
    List<TaskKind> limited =
        config.kindsOf(queue).stream().filter(k -> k.concurrencyLimit() != null).toList();
    return claimer.claimWithinLimits(
        queue,
        limited.stream().map(TaskKind::name).toArray(String[]::new),
        limited.stream().map(k -> k.concurrencyLimit().limit()).toArray(Integer[]::new),
        limited.stream().map(k -> k.lease().toMillis()).toArray(Long[]::new),
        limit);
  }

  /**
   * Graceful shutdown: stop claiming, let running tasks finish within {@code timeout}, record what
   * finished, then hand the rest back: their leases are released without consuming an attempt, so
   * another instance claims them at once.
   */
  public synchronized void shutdown(Duration timeout) {
    if (!started || stopped) {
      stopped = true;
      executor.stopStarting();
      executor.shutdownNow();
      scheduler.shutdownNow();
      timeLimiter.shutdown();
      return;
    }
    stopped = true;
    stopTakingSubmits();
    executor.stopStarting();
    registration.markDraining();
    closeQuietly(signalSubscription);
    Instant deadline = Instant.now().plus(timeout);
    claims.stop();
    try {
      claims.awaitIdle(positive(Duration.between(Instant.now(), deadline)));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    completions.stop();
    List<RunningTask> unfinished = running.unfinished();
    if (!unfinished.isEmpty()) {
      outcomes.handBack(unfinished);
      for (RunningTask task : unfinished) {
        task.markLeaseLost();
        Thread thread = task.thread();
        if (thread != null) {
          thread.interrupt();
        }
      }
    }
    scheduler.shutdownNow();
    executor.shutdownNow();
    timeLimiter.shutdown();
    registration.deregister();
    log.info(
        "taskrow worker {} stopped; {} unfinished tasks handed back",
        config.id(),
        unfinished.size());
  }

  /**
   * Stops claiming and heartbeating at once and hands nothing back: what a SIGKILL leaves behind,
   * while the handlers already running go on as zombies. For tests of rescue and fencing.
   */
  synchronized void kill() {
    stopped = true;
    stopTakingSubmits();
    executor.stopStarting();
    closeQuietly(signalSubscription);
    claims.stop();
    scheduler.shutdownNow();
  }

  @Override
  public void close() {
    shutdown(config.shutdownTimeout());
  }

  /** Submits go to the table again; once this returns, every task taken is with the executor. */
  private void stopTakingSubmits() {
    if (submitTaker != null) {
      engine.removeSubmitTaker(submitTaker);
      submitTaker.close();
    }
  }

  private static Duration positive(Duration duration) {
    return duration.isNegative() ? Duration.ZERO : duration;
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
    private boolean takesOwnSubmits = true;

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

    /**
     * Whether a task submitted in this process with {@link Taskrow#submit(NewTask)} goes straight
     * into a free slot of this worker, in the submit's own commit, when the worker runs its kind,
     * has a slot free and no backlog in that queue (see {@link SubmitTaker}). On by default: the
     * handler starts without a signal or a claim. Off: every task waits in the table for a claim.
     */
    public Builder takesOwnSubmits(boolean enabled) {
      this.takesOwnSubmits = enabled;
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
          claimFloorDeadRows,
          takesOwnSubmits);
    }

    public Worker build() {
      return new Worker(engine, config());
    }

    public Worker start() {
      return build().start();
    }

    private static String defaultId() {
      return LocalProcess.host()
          + "/"
          + LocalProcess.pid()
          + "/"
          + Integer.toHexString(ThreadLocalRandom.current().nextInt(1 << 16));
    }
  }
}
