package dev.taskrow.core;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

/**
 * Runs the attempts of a kind that commits in batches ({@link TaskKind#commitBatch()}): tasks that
 * wait together share one transaction. Each task's handler runs after a savepoint and records its
 * SUCCESS, fenced as always, in the same message that sets the next task's savepoint; a handler
 * that throws, or a SUCCESS that matches no row (the lease was lost), is rolled back to its
 * savepoint, so its writes go and the others' stay; the transaction then commits once for the whole
 * batch (docs/adr/0019).
 *
 * <p>Why: a transactional task costs one commit, and on a server whose commits are its limit that
 * caps the kind at the single-row commit rate however short the handler (issue 19, aim 2). Sharing
 * the commit spends a savepoint per task instead, which the server does in memory.
 *
 * <p>Each task's own thread hands its attempt in and waits. When fewer than the kind's transaction
 * lanes are busy, a waiting thread becomes the leader of the next batch: it takes the oldest
 * waiting attempts, up to the batch size, and runs all of them on its own thread — the thread that
 * holds the transaction, which is where a Spring-bound transaction must be used from. Nothing waits
 * for a batch to fill: under light load a batch is one task, and batches grow only while every lane
 * is busy. A batch's failures are recorded by their own threads once it has ended, as for any
 * attempt.
 *
 * <p>An attempt's tracing span covers its handler and its SUCCESS write and ends before the next
 * handler of the batch starts on the same thread; should the batch's commit then fail, the span has
 * already ended as succeeded, and the row's retry (TRANSIENT_DATABASE_ERROR) tells what happened.
 */
final class CommitBatches {
  private final Taskrow engine;
  private final OutcomeRecorder outcomes;
  private final TimeLimiter timeLimiter;
  private final Map<String, Integer> queueConcurrency;
  private final BooleanSupplier stopping;
  private final Map<String, Lanes> byKind = new ConcurrentHashMap<>();

  CommitBatches(
      Taskrow engine,
      OutcomeRecorder outcomes,
      TimeLimiter timeLimiter,
      Map<String, Integer> queueConcurrency,
      BooleanSupplier stopping) {
    this.engine = engine;
    this.outcomes = outcomes;
    this.timeLimiter = timeLimiter;
    this.queueConcurrency = queueConcurrency;
    this.stopping = stopping;
  }

  /** How one attempt in a batch ended. */
  static final class Attempt {
    final RunningTask task;
    final TaskHandler handler;
    boolean started;
    // Null once committed as a SUCCESS; the handler's failure, or the batch's, otherwise.
    Throwable failure;
    boolean done;

    Attempt(RunningTask task, TaskHandler handler) {
      this.task = task;
      this.handler = handler;
    }

    /** False when the worker stopped before the attempt's turn: the task is handed back. */
    boolean started() {
      return started;
    }

    Throwable failure() {
      return failure;
    }
  }

  /**
   * Runs the task's attempt in a batch of its kind and returns once that batch has ended (committed
   * or rolled back). Interrupted while still waiting for its turn, the attempt does not start.
   */
  Attempt run(RunningTask task, TaskHandler handler) {
    TaskKind kind = task.taskKind();
    Lanes lanes = byKind.computeIfAbsent(kind.name(), k -> new Lanes(kind, lanesOf(kind)));
    Attempt attempt = new Attempt(task, handler);
    lanes.run(attempt);
    return attempt;
  }

  /** Attempts of {@code kind} waiting for their batch to start. */
  int waiting(String kind) {
    Lanes lanes = byKind.get(kind);
    return lanes == null ? 0 : lanes.waiting();
  }

  /** Enough transactions for the queue's concurrency in full batches: 32 slots, 8 a batch: 4. */
  private int lanesOf(TaskKind kind) {
    int concurrency = queueConcurrency.getOrDefault(kind.queue(), 1);
    return Math.max(1, (concurrency + kind.commitBatch() - 1) / kind.commitBatch());
  }

  /** The attempts of one kind waiting for a batch, and its batches running now. */
  private final class Lanes {
    private final int batchSize;
    private final int lanes;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition batchEnded = lock.newCondition();
    private final ArrayDeque<Attempt> waiting = new ArrayDeque<>();
    private int running;

    Lanes(TaskKind kind, int lanes) {
      this.batchSize = kind.commitBatch();
      this.lanes = lanes;
    }

    int waiting() {
      lock.lock();
      try {
        return waiting.size();
      } finally {
        lock.unlock();
      }
    }

    void run(Attempt mine) {
      lock.lock();
      try {
        waiting.add(mine);
        boolean interrupted = false;
        while (!mine.done) {
          if (running < lanes && !waiting.isEmpty()) {
            List<Attempt> batch = new ArrayList<>(batchSize);
            while (batch.size() < batchSize && !waiting.isEmpty()) {
              batch.add(waiting.poll());
            }
            running++;
            lock.unlock();
            try {
              runBatch(batch);
            } finally {
              lock.lock();
              running--;
              // An attempt a failed batch did not reach goes first into the next one; once the
              // worker stops, it is handed back instead.
              for (int i = batch.size() - 1; i >= 0; i--) {
                Attempt a = batch.get(i);
                if (a.started || stopping.getAsBoolean()) {
                  a.done = true;
                } else {
                  waiting.addFirst(a);
                }
              }
              batchEnded.signalAll();
            }
          } else {
            try {
              batchEnded.await();
            } catch (InterruptedException e) {
              interrupted = true;
              if (waiting.remove(mine)) {
                mine.done = true; // not started: handed back with the others at shutdown
              }
              // Otherwise it is in a batch already, which ends by itself: wait for it.
            }
          }
        }
        if (interrupted) {
          Thread.currentThread().interrupt();
        }
      } finally {
        lock.unlock();
      }
    }
  }

  /** Runs the batch's handlers in one transaction and commits them together. */
  private void runBatch(List<Attempt> batch) {
    List<Attempt> started = new ArrayList<>(batch.size());
    try {
      engine.inTransaction(
          tx -> {
            Connection c = tx.connection();
            execute(c, "savepoint " + TaskRepository.BATCH_SAVEPOINT);
            for (Attempt a : batch) {
              if (stopping.getAsBoolean()) {
                break; // the rest did not start: handed back at shutdown
              }
              a.started = true;
              started.add(a);
              Undo undo = attempt(tx, a);
              // Its writes go, the batch's stay; the savepoint stays for the next task. A wake-up
              // signal it queued still goes out on commit: signals only wake workers.
              if (undo == Undo.TO_THIS_SAVEPOINT) {
                execute(c, "rollback to savepoint " + TaskRepository.BATCH_SAVEPOINT);
              } else if (undo == Undo.PAST_THE_NEXT_SAVEPOINT) {
                execute(
                    c,
                    "release savepoint "
                        + TaskRepository.BATCH_SAVEPOINT
                        + "; rollback to savepoint "
                        + TaskRepository.BATCH_SAVEPOINT);
              }
            }
            return null;
          });
    } catch (Throwable e) {
      // Nothing of the batch committed. A handler that succeeded lost its commit through no fault
      // of its own (the connection dropped, another task's write broke the commit): a transient
      // failure, retried as its kind's policy says.
      Throwable cause = AttemptExecutor.unwrap(e);
      for (Attempt a : started) {
        if (a.failure == null) {
          a.failure =
              TaskFailure.retryable(
                  ErrorCodes.TRANSIENT_DATABASE_ERROR,
                  "the transaction of its commit batch failed: " + cause,
                  cause);
        }
      }
    }
  }

  /** What must be undone after an attempt. */
  private enum Undo {
    NOTHING,
    /** The handler failed: back to the savepoint set before it. */
    TO_THIS_SAVEPOINT,
    /** It failed after the next task's savepoint was set: that one goes first. */
    PAST_THE_NEXT_SAVEPOINT
  }

  private static void execute(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  /** One attempt inside the batch's transaction, after its savepoint. */
  private Undo attempt(Tx tx, Attempt a) {
    RunningTask task = a.task;
    task.handlerStarting();
    Runnable stopTimeLimit = timeLimiter.watch(task);
    // The span is current on this thread while the handler runs and must end before the next
    // task's starts here, so it ends with the handler and its SUCCESS write, before the commit.
    AttemptTracing.Attempt span = engine.tracing().start(task.task());
    task.bind(tx, Thread.currentThread());
    boolean nextSavepointSet = false;
    try {
      AttemptExecutor.runHandler(task, a.handler);
      task.markCompleting();
      boolean completed = outcomes.completeThenSavepoint(tx, task);
      nextSavepointSet = true;
      if (!completed) {
        throw new LeaseLostException();
      }
      outcomes.announceSuccess(tx, task);
      return Undo.NOTHING;
    } catch (Throwable e) {
      a.failure = AttemptExecutor.unwrap(e);
      return nextSavepointSet ? Undo.PAST_THE_NEXT_SAVEPOINT : Undo.TO_THIS_SAVEPOINT;
    } finally {
      span.end(a.failure);
      stopTimeLimit.run();
      task.unbind();
    }
  }
}
