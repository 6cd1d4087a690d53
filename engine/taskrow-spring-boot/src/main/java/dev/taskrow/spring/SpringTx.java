package dev.taskrow.spring;

import dev.taskrow.core.Tx;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The engine's view of the current Spring transaction: the connection Spring bound to it (the one
 * JdbcTemplate and repositories use) and after-commit hooks as transaction synchronizations.
 *
 * <pre>{@code
 * @Transactional
 * public void placeOrder(Order order) {
 *   orders.save(order);
 *   taskrow.submit(SpringTx.current(dataSource), NewTask.of("order.confirm").subject(order.key()));
 * }
 * }</pre>
 *
 * {@link TaskrowTemplate} does the same in one call.
 */
public final class SpringTx implements Tx {
  private static final Logger log = LoggerFactory.getLogger(SpringTx.class);
  private final DataSource dataSource;
  private Connection connection;

  private SpringTx(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  /**
   * The Tx of the Spring transaction active on this thread.
   *
   * @throws IllegalStateException when no transaction is active: a task inserted outside one would
   *     commit on its own, apart from the business writes it belongs to
   */
  public static Tx current(DataSource dataSource) {
    if (!TransactionSynchronizationManager.isActualTransactionActive()
        || !TransactionSynchronizationManager.isSynchronizationActive()) {
      throw new IllegalStateException(
          "no Spring transaction is active on this thread: call it from a @Transactional method"
              + " or use TaskrowTemplate, which starts one");
    }
    return new SpringTx(dataSource);
  }

  @Override
  public Connection connection() {
    if (connection == null) {
      Connection bound = DataSourceUtils.getConnection(dataSource);
      requireTransactional(bound);
      connection = bound;
    }
    return connection;
  }

  /**
   * A transaction manager for another DataSource leaves this one in auto-commit: the task would
   * then commit alone, which is exactly what joining the transaction is meant to prevent.
   */
  private static void requireTransactional(Connection connection) {
    try {
      if (connection.getAutoCommit()) {
        throw new IllegalStateException(
            "the active Spring transaction does not manage the engine's DataSource");
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot inspect the transaction's connection", e);
    }
  }

  @Override
  public void afterCommit(Runnable action) {
    TransactionSynchronizationManager.registerSynchronization(
        new TransactionSynchronization() {
          @Override
          public void afterCommit() {
            // Signals are hints: a failed one must not turn a committed transaction into an error.
            try {
              action.run();
            } catch (RuntimeException e) {
              log.warn("after-commit action failed", e);
            }
          }
        });
  }
}
