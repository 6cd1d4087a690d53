package dev.taskrow.test;

import static org.awaitility.Awaitility.await;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import javax.sql.DataSource;
import org.awaitility.core.ConditionTimeoutException;

/**
 * Waits until a task's row has a status. It reads the row, the engine's public truth, rather than
 * asking the engine, so that it needs no engine of a given version (and the engine's own tests can
 * use it). The status is the engine's {@code TaskStatus}; its {@link Enum#name() name} is what the
 * row holds.
 *
 * <pre>{@code
 * import static dev.taskrow.test.TaskAwait.awaitStatus;
 *
 * UUID id = taskrow.submit(NewTask.of("send-mail"));
 * TaskAwait.Row row = awaitStatus(TestDatabase.dataSource(), id, TaskStatus.FAILED);
 * assertThat(row.errorCode()).isEqualTo("MAILBOX_FULL");
 * }</pre>
 *
 * On a timeout it fails with an {@link AssertionError} that says what the row held last: its status
 * and error code, or that there is no such row.
 */
public final class TaskAwait {
  /** How long {@link #awaitStatus(DataSource, UUID, Enum)} waits. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(20);

  private static final Duration POLL_INTERVAL = Duration.ofMillis(10);
  private static final String READ_ROW = "select status, error_code from taskrow_task where id = ?";

  private TaskAwait() {}

  /** What the row held when the wait ended: its status and its error code (null unless FAILED). */
  public record Row(String status, String errorCode) {}

  /** Waits up to {@link #DEFAULT_TIMEOUT} for the row of {@code taskId} to have {@code status}. */
  public static Row awaitStatus(DataSource dataSource, UUID taskId, Enum<?> status) {
    return awaitStatus(dataSource, taskId, status, DEFAULT_TIMEOUT);
  }

  /** Waits up to {@code atMost} for the row of {@code taskId} to have {@code status}. */
  public static Row awaitStatus(
      DataSource dataSource, UUID taskId, Enum<?> status, Duration atMost) {
    String wanted = status.name();
    AtomicReference<Optional<Row>> last = new AtomicReference<>(Optional.empty());
    try {
      await()
          .atMost(atMost)
          .pollInterval(POLL_INTERVAL)
          .until(
              () -> {
                Optional<Row> row = read(dataSource, taskId);
                last.set(row);
                return row.map(r -> r.status().equals(wanted)).orElse(false);
              });
    } catch (ConditionTimeoutException e) {
      String found =
          last.get()
              .map(r -> "its row has status " + r.status() + ", error_code " + r.errorCode())
              .orElse("there is no taskrow_task row with that id");
      throw new AssertionError(
          "task " + taskId + " did not reach " + wanted + " within " + atMost + ": " + found, e);
    }
    return last.get().orElseThrow();
  }

  private static Optional<Row> read(DataSource dataSource, UUID taskId) throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s = c.prepareStatement(READ_ROW)) {
      s.setObject(1, taskId);
      try (ResultSet rs = s.executeQuery()) {
        return rs.next()
            ? Optional.of(new Row(rs.getString("status"), rs.getString("error_code")))
            : Optional.empty();
      }
    }
  }
}
