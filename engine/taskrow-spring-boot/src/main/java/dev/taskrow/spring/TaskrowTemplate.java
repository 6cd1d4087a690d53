package dev.taskrow.spring;

import dev.taskrow.core.NewTask;
import dev.taskrow.core.Submission;
import dev.taskrow.core.Taskrow;
import dev.taskrow.core.Tx;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import org.springframework.jdbc.UncategorizedSQLException;
import org.springframework.jdbc.support.SQLExceptionSubclassTranslator;
import org.springframework.jdbc.support.SQLExceptionTranslator;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Submits tasks the Spring way: inside the caller's transaction when there is one, so the task
 * exists if and only if the caller's business writes commit; in a transaction of its own otherwise
 * (PROPAGATION_REQUIRED). SQL errors arrive as Spring's DataAccessException.
 */
public class TaskrowTemplate {
  private final Taskrow taskrow;
  private final DataSource dataSource;
  private final TransactionTemplate transactions;
  private final SQLExceptionTranslator translator = new SQLExceptionSubclassTranslator();

  public TaskrowTemplate(
      Taskrow taskrow, DataSource dataSource, PlatformTransactionManager transactionManager) {
    this.taskrow = taskrow;
    this.dataSource = dataSource;
    this.transactions = new TransactionTemplate(transactionManager);
    this.transactions.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRED);
  }

  /** Inserts the task; returns its id. */
  public UUID submit(NewTask task) {
    return inCurrentTransaction("submit " + task.kind(), () -> taskrow.submit(tx(), task));
  }

  /** The active task of the task's (kind, subject), or a new one. */
  public Submission submitOrReuse(NewTask task) {
    return inCurrentTransaction(
        "submitOrReuse " + task.kind(), () -> taskrow.submitOrReuse(tx(), task));
  }

  /** Inserts many tasks with one statement. */
  public List<UUID> submitAll(List<NewTask> tasks) {
    return inCurrentTransaction("submitAll", () -> taskrow.submitAll(tx(), tasks));
  }

  /**
   * The next {@code count} slots of a recurring kind (when its next tasks will be enqueued),
   * earliest first; an IllegalArgumentException for a kind without a schedule.
   */
  public List<Instant> nextSlots(String kind, int count) {
    return taskrow.nextSlots(kind, count);
  }

  /** The engine, for lookups, cancellation and counts. */
  public Taskrow engine() {
    return taskrow;
  }

  private Tx tx() {
    return SpringTx.current(dataSource);
  }

  private <T> T inCurrentTransaction(String task, SqlWork<T> work) {
    return transactions.execute(
        status -> {
          try {
            return work.run();
          } catch (SQLException e) {
            RuntimeException translated = translator.translate(task, null, e);
            throw translated != null ? translated : new UncategorizedSQLException(task, null, e);
          }
        });
  }

  @FunctionalInterface
  private interface SqlWork<T> {
    T run() throws SQLException;
  }
}
