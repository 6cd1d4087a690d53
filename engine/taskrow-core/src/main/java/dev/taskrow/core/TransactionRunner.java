package dev.taskrow.core;

import java.sql.SQLException;

/**
 * Runs work in a database transaction. The default uses plain JDBC; the Spring module joins
 * Spring's transaction management so a handler's repositories share the task's transaction.
 */
public interface TransactionRunner {
  <T> T inTransaction(TxWork<T> work) throws SQLException;

  /**
   * Carries a checked exception thrown by transaction work (other than an SQLException) out of
   * {@link #inTransaction}, unchanged as its cause. Implementations throw it; the engine unwraps
   * it, so a handler's {@link TaskFailure} keeps its code.
   */
  final class WorkException extends RuntimeException {
    public WorkException(Throwable cause) {
      super(cause);
    }
  }

  /** Work inside a transaction; it commits when this returns and rolls back when it throws. */
  @FunctionalInterface
  interface TxWork<T> {
    T run(Tx tx) throws Exception;
  }
}
