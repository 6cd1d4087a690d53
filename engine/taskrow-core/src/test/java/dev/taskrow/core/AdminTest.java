package dev.taskrow.core;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;

/** Set-up of the admin API's tests: an engine of three kinds, an empty audit table. */
abstract class AdminTest extends EngineTest {
  protected Taskrow taskrow;
  protected TaskAdmin admin;

  @BeforeEach
  void adminEngine() throws SQLException {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      s.execute("truncate taskrow_admin_audit");
    }
    taskrow =
        Taskrow.builder(dataSource)
            .clock(clock)
            .kind(kind("issue").queue("issuance").build())
            .kind(kind("ocr").queue("ocr").build())
            .kind(kind("import").queue("import").build())
            .build();
    admin = TaskAdmin.of(taskrow);
  }

  /** Ends a task FAILED as the engine would, at the clock's time. */
  protected void fail(UUID id, String code, String message) throws SQLException {
    finish(id, "FAILED", code, message);
  }

  protected void succeed(UUID id) throws SQLException {
    finish(id, "SUCCESS", null, null);
  }

  private void finish(UUID id, String status, String code, String message) throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "update taskrow_task set status = ?, error_code = ?, last_error_code = ?,"
                    + " error_message = ?, attempt_count = 1, finished_at = ?, due_at = null"
                    + " where id = ?")) {
      s.setString(1, status);
      s.setString(2, code);
      s.setString(3, code);
      s.setString(4, message);
      s.setObject(5, java.time.OffsetDateTime.ofInstant(clock.instant(), java.time.ZoneOffset.UTC));
      s.setObject(6, id);
      if (s.executeUpdate() != 1) {
        throw new IllegalStateException("no task " + id);
      }
    }
  }

  /** Takes a task's lease as a worker would: PROCESSING and running. */
  protected void markRunning(UUID id) throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "update taskrow_task set status = 'PROCESSING', attempt_count = 1,"
                    + " locked_by = 'w', locked_until = now() + interval '1 minute' where id = ?")) {
      s.setObject(1, id);
      s.executeUpdate();
    }
  }

  protected long auditRows() throws SQLException {
    return count("select count(*) from taskrow_admin_audit");
  }
}
