package dev.taskrow.core;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Transactions on a plain {@link DataSource}: one connection, commit or roll back, then hooks. */
public final class JdbcTransactionRunner implements TransactionRunner {
  private static final Logger log = LoggerFactory.getLogger(JdbcTransactionRunner.class);
  private final DataSource dataSource;

  public JdbcTransactionRunner(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  @Override
  public <T> T inTransaction(TxWork<T> work) throws SQLException {
    List<Runnable> afterCommit = new ArrayList<>();
    T result;
    try (Connection connection = dataSource.getConnection()) {
      boolean autoCommit = connection.getAutoCommit();
      connection.setAutoCommit(false);
      try {
        result =
            work.run(
                new Tx() {
                  @Override
                  public Connection connection() {
                    return connection;
                  }

                  @Override
                  public void afterCommit(Runnable action) {
                    afterCommit.add(action);
                  }
                });
        connection.commit();
      } catch (Throwable e) {
        rollbackQuietly(connection, e);
        throw rethrow(e);
      } finally {
        connection.setAutoCommit(autoCommit);
      }
    }
    for (Runnable action : afterCommit) {
      try {
        action.run();
      } catch (RuntimeException e) {
        log.warn("after-commit action failed", e);
      }
    }
    return result;
  }

  private static void rollbackQuietly(Connection connection, Throwable cause) {
    try {
      connection.rollback();
    } catch (SQLException e) {
      cause.addSuppressed(e);
    }
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
}
