package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every statement that finds its row by id reads the primary key, however wrong the statistics are
 * about how many rows are active. The statistics are made wrong the way a burst of submits makes
 * them: analysed while every row was finished, then thousands of active rows arrive.
 */
class ByIdPlanTest extends EngineTest {
  private static final String CLAIM_INDEX = "taskrow_task_claim_idx";
  private static final String PRIMARY_KEY = "taskrow_task_pkey";

  @BeforeEach
  void statisticsThatSayNothingIsActive() throws SQLException {
    // No autovacuum may correct the statistics while the plans are read.
    taskTableAutovacuum(false);
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      s.execute(rows(2_000, "SUCCESS", "null", "now()"));
      s.execute("analyze taskrow_task");
      s.execute("truncate taskrow_task");
      s.execute(rows(5_000, "PROCESSING", "now()", "null"));
    }
  }

  @AfterEach
  void autovacuumBack() throws SQLException {
    taskTableAutovacuum(true);
  }

  @Test
  void theHazardIsReal() throws SQLException {
    // The plain form of COMPLETE_ONE's test, under the same statistics: the claim index, scanned
    // whole. If this stops holding, the planner changed and the test below proves nothing.
    String plain =
        TaskRepository.COMPLETE_ONE
            .text()
            .replace("(status = 'PROCESSING') is true", "status = 'PROCESSING'");
    assertThat(plain).isNotEqualTo(TaskRepository.COMPLETE_ONE.text());
    assertThat(genericPlan(plain)).contains(CLAIM_INDEX);
  }

  @Test
  void byIdStatementsReadThePrimaryKey() throws SQLException {
    Map<String, Sql> statements =
        Map.ofEntries(
            Map.entry("FAIL_STALE_PENDING", TaskRepository.FAIL_STALE_PENDING),
            Map.entry("COMPLETE_ONE", TaskRepository.COMPLETE_ONE),
            Map.entry("COMPLETE_BATCH", TaskRepository.COMPLETE_BATCH),
            Map.entry("FAIL", TaskRepository.FAIL),
            Map.entry("SCHEDULE_RETRY", TaskRepository.SCHEDULE_RETRY),
            Map.entry("SNOOZE", TaskRepository.SNOOZE),
            Map.entry("HEARTBEAT", TaskRepository.HEARTBEAT),
            Map.entry("RELEASE", TaskRepository.RELEASE),
            Map.entry("PROGRESS", TaskRepository.PROGRESS),
            Map.entry("CANCEL_IDLE", TaskRepository.CANCEL_IDLE),
            Map.entry("REQUEST_CANCEL", TaskRepository.REQUEST_CANCEL),
            Map.entry("CANCEL_IDLE_ALL", TaskAdminRepository.CANCEL_IDLE_ALL),
            Map.entry("REQUEST_CANCEL_ALL", TaskAdminRepository.REQUEST_CANCEL_ALL));
    statements.forEach(
        (name, sql) -> {
          String plan;
          try {
            plan = genericPlan(sql.text());
          } catch (SQLException e) {
            throw new AssertionError(name + ": " + e.getMessage(), e);
          }
          assertThat(plan).as(name).contains(PRIMARY_KEY).doesNotContain(CLAIM_INDEX);
        });
  }

  /** The plan PostgreSQL keeps for the prepared statement once it stops planning per call. */
  private String genericPlan(String text) throws SQLException {
    StringBuilder numbered = new StringBuilder();
    int parameters = 0;
    // A statement that sets its planner settings first (TaskRepository.KEY_PROBES_ONLY) is
    // planned under them, in its transaction.
    boolean probesOnly = text.startsWith(TaskRepository.KEY_PROBES_ONLY);
    String statement = probesOnly ? text.substring(TaskRepository.KEY_PROBES_ONLY.length()) : text;
    for (char ch : statement.toCharArray()) {
      if (ch == '?') {
        numbered.append('$').append(++parameters);
      } else {
        numbered.append(ch);
      }
    }
    List<String> nulls = new ArrayList<>();
    for (int i = 0; i < parameters; i++) {
      nulls.add("null");
    }
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      c.setAutoCommit(false);
      if (probesOnly) {
        s.execute(TaskRepository.KEY_PROBES_ONLY);
      }
      s.execute("set plan_cache_mode = force_generic_plan");
      s.execute("prepare by_id as " + numbered);
      StringBuilder plan = new StringBuilder();
      try (ResultSet rs =
          s.executeQuery(
              "explain execute by_id"
                  + (parameters == 0 ? "" : "(" + String.join(", ", nulls) + ")"))) {
        while (rs.next()) {
          plan.append(rs.getString(1)).append('\n');
        }
      } finally {
        s.execute("deallocate by_id");
        s.execute("reset plan_cache_mode");
        c.rollback();
        c.setAutoCommit(true);
      }
      return plan.toString();
    }
  }

  private static String rows(int n, String status, String dueAt, String finishedAt) {
    return "insert into taskrow_task (id, kind, queue, status, max_attempts, attempt_count,"
        + " fence_token, due_at, finished_at, locked_by, locked_until)"
        + " select gen_random_uuid(), 'k', 'default', '"
        + status
        + "', 3, 1, 1, "
        + dueAt
        + ", "
        + finishedAt
        + ", 'w', "
        + dueAt
        + " from generate_series(1, "
        + n
        + ")";
  }
}
