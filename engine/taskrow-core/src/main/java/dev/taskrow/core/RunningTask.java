package dev.taskrow.core;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One claimed attempt of a task, as its handler sees it through {@link TaskContext}. */
final class RunningTask implements TaskContext {
  private static final Logger log = LoggerFactory.getLogger(RunningTask.class);
  private static final long PROGRESS_WRITE_INTERVAL_NANOS = 500_000_000L;
  // Where the handler is, for its time limit: running, returned (or threw) in time, or timed out.
  private static final int HANDLER_RUNNING = 0;
  private static final int HANDLER_ENDED = 1;
  private static final int HANDLER_TIMED_OUT = 2;

  private final Task task;
  private final TaskKind kind;
  private final Taskrow engine;
  private final Instant claimedAt;
  private final Instant queuedSince;
  private volatile Tx tx;
  private volatile String result;
  private volatile boolean cancelRequested;
  private volatile boolean leaseLost;
  private volatile boolean completing;
  private volatile Thread thread;
  private volatile java.util.concurrent.Semaphore heldPermit;
  private long lastProgressWrite;
  // The local monotonic time of the claim: the handler's start in database time is the claim's
  // database time plus the local time between the two, so the app's wall clock never enters.
  private final long claimedAtNanos = System.nanoTime();
  private volatile Instant handlerStartedAt;
  private volatile Thread handlerThread;
  private final AtomicInteger handlerState = new AtomicInteger(HANDLER_RUNNING);
  private final Object interruptLock = new Object();

  RunningTask(Task task, TaskKind kind, Taskrow engine, Instant claimedAt, Instant queuedSince) {
    this.task = task;
    this.kind = kind;
    this.engine = engine;
    this.claimedAt = claimedAt;
    this.queuedSince = queuedSince;
    this.cancelRequested = task.cancelRequested();
  }

  Task task() {
    return task;
  }

  TaskKind taskKind() {
    return kind;
  }

  Instant claimedAt() {
    return claimedAt;
  }

  /** When the row became due before this claim: its place in the queue, kept on a hand-back. */
  Instant queuedSince() {
    return queuedSince;
  }

  /** From the due time it was claimed at to the claim. */
  Duration waited() {
    return positive(Duration.between(queuedSince, claimedAt));
  }

  /** The handler starts now, on the current thread: its time limit counts from here. */
  void handlerStarting() {
    handlerThread = Thread.currentThread();
    handlerStartedAt = claimedAt.plusNanos(System.nanoTime() - claimedAtNanos);
  }

  /**
   * The time limit is up: marks the attempt timed out and interrupts the handler, unless it has
   * ended already. Returns whether it did.
   */
  boolean timeOut() {
    synchronized (interruptLock) {
      if (!handlerState.compareAndSet(HANDLER_RUNNING, HANDLER_TIMED_OUT)) {
        return false;
      }
      handlerThread.interrupt();
      return true;
    }
  }

  /**
   * The handler returned or threw. Returns whether it did within its time limit; if it did not, the
   * interrupt the limit sent is cleared first, so it cannot break the writes that record the
   * TIMEOUT.
   */
  boolean handlerEndedInTime() {
    if (handlerState.compareAndSet(HANDLER_RUNNING, HANDLER_ENDED)) {
      return true;
    }
    synchronized (interruptLock) {
      Thread.interrupted();
    }
    return false;
  }

  /** The failure of an attempt that ran past its time limit; {@code cause}: what it threw. */
  TaskFailure timeoutFailure(Throwable cause) {
    return TaskFailure.retryable(
        ErrorCodes.TIMEOUT,
        "the attempt ran past its time limit of "
            + kind.timeLimit()
            + "; its handler was interrupted",
        cause);
  }

  /**
   * The latest the heartbeat may extend this attempt's lease to: one lease past the handler's time
   * limit, the time it has to end after its interrupt. Null when there is no bound: the kind has no
   * time limit or the handler has not started.
   */
  Instant leaseCap() {
    Instant started = handlerStartedAt;
    Duration limit = kind.timeLimit();
    if (limit == null || started == null) {
      return null;
    }
    return started.plus(limit).plus(kind.lease());
  }

  /** From the claim to now, by the engine's clock. */
  Duration runTime() {
    return positive(Duration.between(claimedAt, now()));
  }

  private static Duration positive(Duration duration) {
    return duration.isNegative() ? Duration.ZERO : duration;
  }

  TaskEvent event() {
    return new TaskEvent(task.id(), task.kind(), task.queue(), task.attemptCount());
  }

  TaskChange change(TaskStatus status) {
    return new TaskChange(task.id(), task.queue(), status);
  }

  void bind(Tx tx, Thread thread) {
    this.tx = tx;
    this.thread = thread;
  }

  void unbind() {
    this.tx = null;
    this.thread = null;
  }

  void holdPermitUntilRecorded(java.util.concurrent.Semaphore permits) {
    heldPermit = permits;
  }

  void releasePermit() {
    java.util.concurrent.Semaphore permits = heldPermit;
    if (permits != null) {
      heldPermit = null;
      permits.release();
    }
  }

  Thread thread() {
    return thread;
  }

  String resultJson() {
    return result;
  }

  void markCancelRequested() {
    cancelRequested = true;
  }

  void markLeaseLost() {
    leaseLost = true;
  }

  /** The handler returned; its outcome is being written. Heartbeats no longer judge it. */
  void markCompleting() {
    completing = true;
  }

  boolean isCompleting() {
    return completing;
  }

  @Override
  public UUID taskId() {
    return task.id();
  }

  @Override
  public String kind() {
    return task.kind();
  }

  @Override
  public String subject() {
    return task.subject();
  }

  @Override
  public String payload() {
    return task.payload();
  }

  @Override
  public int attempt() {
    return task.attemptCount();
  }

  @Override
  public int maxAttempts() {
    return task.maxAttempts();
  }

  @Override
  public String lastErrorCode() {
    return task.lastErrorCode();
  }

  @Override
  public long fenceToken() {
    return task.fenceToken();
  }

  @Override
  public Instant now() {
    return engine.now();
  }

  @Override
  public Connection connection() {
    return requireTx().connection();
  }

  @Override
  public UUID submit(NewTask followUp) {
    NewTask chained = followUp.parentId() == null ? followUp.parent(task.id()) : followUp;
    try {
      return engine.submit(requireTx(), chained);
    } catch (SQLException e) {
      throw new IllegalStateException("could not submit follow-up task " + followUp.kind(), e);
    }
  }

  private Tx requireTx() {
    Tx current = tx;
    if (current == null) {
      throw new IllegalStateException(
          "task kind "
              + kind.name()
              + " is not transactional: it has no connection and cannot chain tasks");
    }
    return current;
  }

  @Override
  public void progress(long done, long total) {
    long now = System.nanoTime();
    synchronized (this) {
      boolean last = done >= total;
      if (!last
          && lastProgressWrite != 0
          && now - lastProgressWrite < PROGRESS_WRITE_INTERVAL_NANOS) {
        return;
      }
      lastProgressWrite = now;
    }
    // Its own short transaction: progress must be visible while the handler's work is still open.
    try {
      engine.inEngineTransaction(
          progressTx -> {
            if (engine
                .repository()
                .progress(progressTx.connection(), task.id(), task.fenceToken(), done, total)) {
              engine.announceChanges(progressTx, java.util.List.of(change(TaskStatus.PROCESSING)));
            } else {
              markLeaseLost();
            }
            return null;
          });
    } catch (SQLException e) {
      log.debug("progress of {} not written: {}", task.id(), e.toString());
    }
  }

  @Override
  public void result(String json) {
    this.result = json;
  }

  @Override
  public boolean isCancellationRequested() {
    return cancelRequested;
  }

  @Override
  public boolean isLeaseLost() {
    return leaseLost;
  }
}
