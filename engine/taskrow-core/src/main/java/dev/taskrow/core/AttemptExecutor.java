package dev.taskrow.core;

import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;

/**
 * Runs one claimed attempt on a virtual thread of its own, within its queue's execution slots: the
 * handler, then its outcome. A transactional kind's handler runs inside the transaction that
 * records its SUCCESS; a non-transactional kind's success goes to the {@link CompletionBatcher}.
 */
final class AttemptExecutor {
  private final Taskrow engine;
  private final Map<String, TaskHandler> handlers;
  private final RunningTasks running;
  private final OutcomeRecorder outcomes;
  private final CompletionBatcher completions;
  private final TimeLimiter timeLimiter;
  private final CommitBatches commitBatches;
  private final ExecutorService handlerThreads =
      Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("taskrow-task-", 0).factory());
  private volatile boolean stopping;

  AttemptExecutor(
      Taskrow engine,
      Map<String, TaskHandler> handlers,
      RunningTasks running,
      OutcomeRecorder outcomes,
      CompletionBatcher completions,
      TimeLimiter timeLimiter,
      Map<String, Integer> queueConcurrency) {
    this.engine = engine;
    this.handlers = handlers;
    this.running = running;
    this.outcomes = outcomes;
    this.completions = completions;
    this.timeLimiter = timeLimiter;
    this.commitBatches =
        new CommitBatches(engine, outcomes, timeLimiter, queueConcurrency, () -> stopping);
  }

  /**
   * Runs {@code task} once a slot is free. {@code permits} is its queue's claim capacity, held by
   * the task until its outcome is recorded.
   */
  void dispatch(RunningTask task, Semaphore permits, Semaphore slots) {
    try {
      handlerThreads.execute(() -> execute(task, permits, slots));
    } catch (RuntimeException e) {
      // Shutting down: the task stays listed as running, so its lease is handed back.
      permits.release();
    }
  }

  int waitingForBatch(String kind) {
    return commitBatches.waiting(kind);
  }

  /** From now on, tasks still waiting for a slot do not start: they are handed back. */
  void stopStarting() {
    stopping = true;
  }

  /** Interrupts every handler still running. */
  void shutdownNow() {
    handlerThreads.shutdownNow();
  }

  private void execute(RunningTask task, Semaphore permits, Semaphore slots) {
    try {
      slots.acquire();
    } catch (InterruptedException e) {
      permits.release(); // shutting down before it started: handed back with the others
      return;
    }
    if (stopping) {
      slots.release();
      permits.release(); // prefetched but not started: handed back at shutdown
      return;
    }
    if (task.taskKind().commitsInBatches()) {
      executeInBatch(task, permits, slots);
      return;
    }
    boolean batched = false;
    task.handlerStarting();
    Runnable stopTimeLimit = timeLimiter.watch(task);
    AttemptTracing.Attempt span = engine.tracing().start(task.task());
    Throwable ended = null;
    try {
      TaskHandler handler = handlers.get(task.kind());
      if (task.taskKind().transactional()) {
        runInTransaction(task, handler);
      } else {
        task.bind(null, Thread.currentThread());
        runHandler(task, handler);
        task.markCompleting();
        // The claim permit stays taken until the success is recorded: a slow database slows
        // claiming instead of growing the backlog of unrecorded successes.
        task.holdPermitUntilRecorded(permits);
        batched = true;
        completions.add(task);
      }
    } catch (Throwable e) {
      ended = unwrap(e);
      recordFailure(task, ended);
    } finally {
      span.end(ended);
      stopTimeLimit.run();
      task.unbind();
      slots.release();
      if (!batched) {
        running.remove(task);
        permits.release();
      }
    }
  }

  /**
   * An attempt of a kind that commits in batches: run by {@link CommitBatches} with the tasks
   * waiting beside it, then recorded here on its own thread once its batch has ended.
   */
  private void executeInBatch(RunningTask task, Semaphore permits, Semaphore slots) {
    CommitBatches.Attempt attempt = null;
    try {
      attempt = commitBatches.run(task, handlers.get(task.kind()));
      if (!attempt.started()) {
        return; // the worker is stopping: handed back with the others
      }
      if (attempt.failure() == null) {
        outcomes.succeeded(task);
      } else {
        recordFailure(task, attempt.failure());
      }
    } finally {
      slots.release();
      if (attempt != null && attempt.started()) {
        running.remove(task);
      }
      permits.release();
    }
  }

  private void recordFailure(RunningTask task, Throwable cause) {
    if (cause instanceof LeaseLostException) {
      outcomes.leaseLost(task);
    } else if (cause instanceof TaskSnooze snooze) {
      outcomes.snoozed(task, snooze);
    } else {
      outcomes.failed(task, cause);
    }
  }

  private void runInTransaction(RunningTask task, TaskHandler handler) throws Exception {
    engine.inTransaction(
        tx -> {
          task.bind(tx, Thread.currentThread());
          runHandler(task, handler);
          task.markCompleting();
          outcomes.recordSuccessIn(tx, task);
          return null;
        });
    outcomes.succeeded(task);
  }

  /**
   * Runs the handler. Past its time limit the attempt is a TIMEOUT however the handler ended, a
   * normal return included: inside a transaction the failure rolls its writes back.
   */
  static void runHandler(RunningTask task, TaskHandler handler) throws Exception {
    try {
      handler.handle(task);
    } catch (Throwable e) {
      if (task.handlerEndedInTime()) {
        throw e;
      }
      throw task.timeoutFailure(e);
    }
    if (!task.handlerEndedInTime()) {
      throw task.timeoutFailure(null);
    }
  }

  static Throwable unwrap(Throwable e) {
    Throwable current = e;
    while (current instanceof TransactionRunner.WorkException && current.getCause() != null) {
      current = current.getCause();
    }
    return current;
  }
}
