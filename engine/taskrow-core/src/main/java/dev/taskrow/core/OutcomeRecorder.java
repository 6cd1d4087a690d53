package dev.taskrow.core;

import java.sql.SQLException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes how an attempt ended, fenced by its (id, token): SUCCESS, a scheduled retry, a snooze,
 * FAILED, or a hand-back at shutdown; then tells the listeners. A write that matches no row means
 * another worker owns the task now: that is reported as a lost lease, never as the outcome.
 */
final class OutcomeRecorder {
  private static final Logger log = LoggerFactory.getLogger(OutcomeRecorder.class);

  private final Taskrow engine;
  private final String workerId;
  private final RunningTasks running;
  private final ReentrantLock rowWrites;

  OutcomeRecorder(Taskrow engine, String workerId, RunningTasks running, ReentrantLock rowWrites) {
    this.engine = engine;
    this.workerId = workerId;
    this.running = running;
    this.rowWrites = rowWrites;
  }

  /**
   * Records the SUCCESS inside the handler's own transaction, so its business writes commit with it
   * or not at all.
   *
   * @throws LeaseLostException when the row is no longer this attempt's: the transaction must roll
   *     back
   */
  void recordSuccessIn(Tx tx, RunningTask task) throws SQLException {
    if (!engine
        .repository()
        .completeOne(tx.connection(), task.taskId(), task.fenceToken(), task.resultJson())) {
      throw new LeaseLostException();
    }
    announceSuccess(tx, task);
  }

  /**
   * The SUCCESS write of {@link #recordSuccessIn} for a task of a commit batch ({@link
   * CommitBatches}), with the savepoint of the batch's next task set in the same round trip; false
   * when the row is no longer this attempt's (the savepoint is set all the same). Announcing it is
   * left to {@link #announceSuccess}.
   */
  boolean completeThenSavepoint(Tx tx, RunningTask task) throws SQLException {
    return engine
        .repository()
        .completeOneThenSavepoint(
            tx.connection(), task.taskId(), task.fenceToken(), task.resultJson());
  }

  /** Queues the signals of a SUCCESS written in {@code tx}; they go out once it commits. */
  void announceSuccess(Tx tx, RunningTask task) throws SQLException {
    engine.announceChanges(tx, List.of(task.change(TaskStatus.SUCCESS)));
  }

  /** The SUCCESS of {@link #recordSuccessIn} committed. */
  void succeeded(RunningTask task) {
    engine.listeners().onSucceeded(task.event(), task.runTime());
  }

  /** The handler threw {@code error}: schedules the retry or ends the task, as it is classified. */
  void failed(RunningTask task, Throwable error) {
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

  /**
   * The handler snoozed: the task waits, no attempt consumed; past its kind's bound on snoozes it
   * ends FAILED(SNOOZE_LIMIT).
   */
  void snoozed(RunningTask task, TaskSnooze snooze) {
    task.markCompleting();
    int allowed = task.taskKind().maxSnoozes();
    try {
      if (task.task().snoozeCount() >= allowed) {
        fail(
            task,
            ErrorCodes.SNOOZE_LIMIT,
            "the handler snoozed more than the kind's maximum of " + allowed + " times");
        return;
      }
      TaskStatus after =
          recordWaiting(
              task,
              tx ->
                  engine
                      .repository()
                      .snooze(
                          tx.connection(),
                          task.taskId(),
                          task.fenceToken(),
                          snooze.delay().toMillis()));
      reportWaiting(
          task,
          after,
          () -> {
            log.debug("task {} ({}) snoozed for {}", task.taskId(), task.kind(), snooze.delay());
            engine.listeners().onSnoozed(task.event(), snooze.delay());
          });
    } catch (SQLException | RuntimeException e) {
      log.error(
          "could not record the snooze of task {}; it runs again after its lease: {}",
          task.taskId(),
          e.toString());
    }
  }

  /** Reports a waiting write: fenced off, waiting (then {@code waiting} runs), or cancelled. */
  private void reportWaiting(RunningTask task, TaskStatus after, Runnable waiting) {
    if (after == null) {
      leaseLost(task);
    } else if (after == TaskStatus.PROCESSING) {
      waiting.run();
    } else {
      engine.listeners().onFailed(task.event(), ErrorCodes.CANCELLED, task.runTime());
    }
  }

  /** A write that leaves the row waiting (or cancelled); its status after, empty if fenced. */
  @FunctionalInterface
  private interface WaitingWrite {
    Optional<TaskStatus> write(Tx tx) throws SQLException;
  }

  /** Runs {@code write} in a transaction of its own and announces the change; null if fenced. */
  private TaskStatus recordWaiting(RunningTask task, WaitingWrite write) throws SQLException {
    return engine.inEngineTransaction(
        tx -> {
          TaskStatus status = write.write(tx).orElse(null);
          if (status != null) {
            engine.announceChanges(tx, List.of(task.change(status)));
          }
          return status;
        });
  }

  private void scheduleRetry(RunningTask task, String code, String message, Duration delay)
      throws SQLException {
    TaskStatus after =
        recordWaiting(
            task,
            tx ->
                engine
                    .repository()
                    .scheduleRetry(
                        tx.connection(),
                        task.taskId(),
                        task.fenceToken(),
                        code,
                        message,
                        delay.toMillis()));
    reportWaiting(
        task,
        after,
        () -> {
          log.info(
              "task {} ({}) attempt {} failed with {}; retry in {} ms",
              task.taskId(),
              task.kind(),
              task.attempt(),
              code,
              delay.toMillis());
          engine.listeners().onRetryScheduled(task.event(), code, delay);
        });
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
    engine.listeners().onFailed(task.event(), code, task.runTime());
  }

  /** The attempt's writes were fenced off: another worker owns the task. */
  void leaseLost(RunningTask task) {
    task.markLeaseLost();
    log.warn(
        "worker {} lost the lease of task {} ({}, attempt {}): its writes were rolled back; "
            + "another worker owns the task",
        workerId,
        task.taskId(),
        task.kind(),
        task.attempt());
    engine.listeners().onLeaseLost(task.event());
  }

  /** Records the successes of a batch of non-transactional tasks; returns the ids that landed. */
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
    running.remove(task);
    task.releasePermit();
    if (succeeded) {
      succeeded(task);
    } else {
      leaseLost(task);
    }
  }

  /** The batcher gave up recording the success: the lease expires and the task runs again. */
  void abandoned(RunningTask task) {
    running.remove(task);
    task.releasePermit();
  }

  /**
   * Graceful shutdown: hands the unfinished tasks back without consuming an attempt, so another
   * instance claims them at once. On failure their leases expire and they are rescued.
   */
  void handBack(List<RunningTask> unfinished) {
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
  }
}
