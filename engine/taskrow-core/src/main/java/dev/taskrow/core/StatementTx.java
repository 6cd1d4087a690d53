package dev.taskrow.core;

import java.sql.Connection;

/**
 * The {@link Tx} of one statement on an autocommit connection: the statement commits by itself, so
 * the after-commit actions run once it has returned. Only for work that writes with a single
 * statement, which is atomic on its own; a submit in its own transaction is one (one round trip
 * instead of the statement and then COMMIT).
 */
final class StatementTx implements Tx {
  private final Connection connection;
  private final AfterCommitActions afterCommit = new AfterCommitActions();

  StatementTx(Connection connection) {
    this.connection = connection;
  }

  @Override
  public Connection connection() {
    return connection;
  }

  @Override
  public void afterCommit(Runnable action) {
    afterCommit.add(action);
  }

  /** Runs the after-commit actions; call it once the statement has returned. */
  void committed() {
    afterCommit.runAll();
  }
}
