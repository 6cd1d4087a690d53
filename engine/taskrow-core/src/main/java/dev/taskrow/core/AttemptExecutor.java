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
  private final ExecutorService handlerThreads =
      Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("taskrow-task-", 0).factory());
  private volatile boolean stopping;

  AttemptExecutor(
      Taskrow engine,
      Map<String, TaskHandler> handlers,
      RunningTasks running,
      OutcomeRecorder outcomes,
      CompletionBatcher completions,
      TimeLimiter timeLimiter) {
    this.engine = engine;
    this.handlers = handlers;
    this.running = running;
    this.outcomes = outcomes;
    this.completions = completions;
    this.timeLimiter = timeLimiter;
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
      Throwable cause = unwrap(e);
      ended = cause;
      if (cause instanceof LeaseLostException) {
        outcomes.leaseLost(task);
      } else if (cause instanceof TaskSnooze snooze) {
        outcomes.snoozed(task, snooze);
      } else {
        outcomes.failed(task, cause);
      }
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
  private static void runHandler(RunningTask task, TaskHandler handler) throws Exception {
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

  private static Throwable unwrap(Throwable e) {
    Throwable current = e;
    while (current instanceof TransactionRunner.WorkException && current.getCause() != null) {
      current = current.getCause();
    }
    return current;
  }
}
