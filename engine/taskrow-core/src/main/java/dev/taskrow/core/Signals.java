package dev.taskrow.core;

import java.sql.Connection;
import java.util.Collection;

/**
 * Hints, never truth: "queue X has work", "task T changed". Losing every signal costs latency only,
 * because workers poll and status readers read the row. Implementations: {@link InProcessSignals},
 * {@link PostgresSignals}, and Redis in its own module.
 */
public interface Signals extends AutoCloseable {

  /**
   * Announces inside a transaction that cannot run after-commit actions ({@link Tx#of}), when the
   * transport can (PostgreSQL NOTIFY is delivered on commit and dropped on rollback). Returns false
   * when it cannot. Every other transaction announces after its commit with {@link #queueHasWork}
   * and {@link #tasksChanged}: a NOTIFY inside a transaction holds PostgreSQL's global notify lock
   * through the commit's WAL flush, which serialises every notifying commit under load.
   */
  default boolean announceInTransaction(
      Connection transaction, Collection<String> queues, Collection<TaskChange> changes)
      throws java.sql.SQLException {
    return false;
  }

  void queueHasWork(String queue);

  void tasksChanged(Collection<TaskChange> changes);

  /** Subscribes; close the returned handle to stop. */
  AutoCloseable subscribe(SignalListener listener);

  @Override
  default void close() {}

  /** No signals at all: workers find work by polling only. */
  static Signals none() {
    return new Signals() {
      @Override
      public void queueHasWork(String queue) {}

      @Override
      public void tasksChanged(Collection<TaskChange> changes) {}

      @Override
      public AutoCloseable subscribe(SignalListener listener) {
        return () -> {};
      }
    };
  }
}
