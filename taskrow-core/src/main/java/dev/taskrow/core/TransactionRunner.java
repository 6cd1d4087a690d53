package dev.taskrow.core;

import java.sql.SQLException;

/**
 * Runs work in a database transaction. The default uses plain JDBC; the Spring module joins
 * Spring's transaction management so a handler's repositories share the task's transaction.
 */
public interface TransactionRunner {
  <T> T inTransaction(TxWork<T> work) throws SQLException;

  /** Work inside a transaction; it commits when this returns and rolls back when it throws. */
  @FunctionalInterface
  interface TxWork<T> {
    T run(Tx tx) throws Exception;
  }
}
