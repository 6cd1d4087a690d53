package dev.taskrow.core;

import java.sql.Connection;

/**
 * The caller's open transaction: the connection to write with, and a way to run something once it
 * commits. Signals are announced after commit, never before: a worker woken too early would find
 * nothing to claim.
 */
public interface Tx {
  Connection connection();

  /** Runs {@code action} after a successful commit; never on rollback. */
  void afterCommit(Runnable action);

  /** Whether {@link #afterCommit} actions really run; false for {@link #of(Connection)}. */
  default boolean runsAfterCommit() {
    return true;
  }

  /**
   * A transaction the engine cannot watch: after-commit actions are dropped. Signals that can
   * travel inside the transaction (PostgreSQL NOTIFY) are sent there instead; otherwise workers
   * find the task at their next poll.
   */
  static Tx of(Connection connection) {
    return new Tx() {
      @Override
      public Connection connection() {
        return connection;
      }

      @Override
      public void afterCommit(Runnable action) {}

      @Override
      public boolean runsAfterCommit() {
        return false;
      }
    };
  }
}
