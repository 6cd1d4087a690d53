package dev.taskrow.spring;

import dev.taskrow.core.TransactionRunner;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionException;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Runs the engine's transactions through Spring's transaction manager, so a handler's JdbcTemplate
 * and repositories write in the task's own transaction: they commit with its SUCCESS or roll back
 * with its failure or a lost lease.
 *
 * <p>Each call starts a new transaction (REQUIRES_NEW), as {@code Taskrow.inTransaction} promises:
 * a task's transaction, or a {@code Taskrow.submit(NewTask)}, never joins whatever transaction
 * happens to be open on the calling thread. To submit inside the caller's transaction, use {@link
 * TaskrowTemplate} or {@link SpringTx#current}.
 */
public final class SpringTransactionRunner implements TransactionRunner {
  private final TransactionTemplate transactions;
  private final DataSource dataSource;

  public SpringTransactionRunner(
      PlatformTransactionManager transactionManager, DataSource dataSource) {
    this.transactions = new TransactionTemplate(transactionManager);
    this.transactions.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
    this.dataSource = dataSource;
  }

  @Override
  public <T> T inTransaction(TxWork<T> work) throws SQLException {
    try {
      return transactions.execute(
          status -> {
            try {
              return work.run(SpringTx.current(dataSource));
            } catch (Throwable e) {
              // Carried through TransactionTemplate (which rolls back on it), unwrapped below, so
              // the work's own exceptions are told apart from a failed begin or commit.
              throw new WorkFailure(e);
            }
          });
    } catch (WorkFailure e) {
      throw rethrow(e.getCause());
    } catch (TransactionException e) {
      // Begin or commit failed: the engine expects SQLException for a database that is not there.
      throw new SQLException("transaction failed: " + e.getMessage(), e);
    }
  }

  /** An exception of the work, on its way through the template. */
  private static final class WorkFailure extends RuntimeException {
    WorkFailure(Throwable cause) {
      super(cause.toString(), cause, false, false);
    }
  }

  // The work's own exception, unchanged where the signature allows, else wrapped in the one
  // exception the engine unwraps (so a handler's TaskFailure keeps its code).
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
