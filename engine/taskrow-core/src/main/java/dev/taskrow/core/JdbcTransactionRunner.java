package dev.taskrow.core;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * Transactions on a plain {@link DataSource}: commit or roll back, then the after-commit hooks.
 *
 * <p>The connection is taken from the pool on first use, not when the transaction begins: a handler
 * that first waits on a slow external call (an issuing site, an AI API) and then writes holds a
 * database connection only while it writes, so the pool does not cap how many such tasks run at
 * once.
 */
public final class JdbcTransactionRunner implements TransactionRunner {
  private final DataSource dataSource;

  public JdbcTransactionRunner(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  @Override
  public <T> T inTransaction(TxWork<T> work) throws SQLException {
    LazyTx tx = new LazyTx(dataSource);
    T result;
    try {
      result = work.run(tx);
      tx.commit();
    } catch (Throwable e) {
      tx.rollbackQuietly(e);
      throw rethrow(e);
    } finally {
      tx.release();
    }
    tx.runAfterCommit();
    return result;
  }

  private static SQLException rethrow(Throwable e) {
    if (e instanceof SQLException sql) {
      return sql;
    }
    if (e instanceof RuntimeException runtime) {
      throw runtime;
    }
    if (e instanceof Error error) {
      throw error;
    }
    throw new WorkException(e);
  }

  /** A transaction whose connection is borrowed on the first call to {@link #connection()}. */
  private static final class LazyTx implements Tx {
    private final DataSource dataSource;
    private final AfterCommitActions afterCommit = new AfterCommitActions();
    private Connection connection;
    private boolean autoCommit;

    LazyTx(DataSource dataSource) {
      this.dataSource = dataSource;
    }

    @Override
    public synchronized Connection connection() {
      if (connection == null) {
        try {
          Connection borrowed = dataSource.getConnection();
          autoCommit = borrowed.getAutoCommit();
          borrowed.setAutoCommit(false);
          connection = borrowed;
        } catch (SQLException e) {
          throw new ConnectionUnavailableException(e);
        }
      }
      return connection;
    }

    @Override
    public void afterCommit(Runnable action) {
      afterCommit.add(action);
    }

    synchronized void commit() throws SQLException {
      if (connection != null) {
        connection.commit();
      }
    }

    synchronized void rollbackQuietly(Throwable cause) {
      if (connection == null) {
        return;
      }
      try {
        connection.rollback();
      } catch (SQLException e) {
        cause.addSuppressed(e);
      }
    }

    synchronized void release() throws SQLException {
      if (connection == null) {
        return;
      }
      try {
        connection.setAutoCommit(autoCommit);
      } finally {
        connection.close();
        connection = null;
      }
    }

    void runAfterCommit() {
      afterCommit.runAll();
    }
  }

  /** The pool gave no connection; the SQLException (and its SQLSTATE) is the cause. */
  public static final class ConnectionUnavailableException extends RuntimeException {
    ConnectionUnavailableException(SQLException cause) {
      super(cause.getMessage(), cause);
    }
  }
}
