package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The statements that take a list of ids do work in proportion to it. Their transaction turns the
 * hash and merge joins off ({@link TaskRepository#KEY_PROBES_ONLY}), so a join of two lists with
 * each other can only be a nested loop comparing every id with every other: the heartbeat and the
 * hand-back joined the ids (unnest) with the rows they had locked that way, 1.5 s for 3,000 running
 * tasks on an idle server, while the worker's completions waited behind the heartbeat (issue 19).
 *
 * <p>What a statement did is read off EXPLAIN ANALYZE: the rows each plan node produced, times the
 * times it ran, summed. A plan that probes the key once per id stays within a small multiple of the
 * ids; the quadratic one passes on about a million rows for a thousand ids.
 */
class IdListWorkTest extends EngineTest {
  private static final int IDS = 1_000;
  // The key-probe plans touch 4-14 rows per id (each node counts the rows it passes on); the
  // quadratic ones touched about IDS per id.
  private static final long WORK_PER_ID = 50;
  private static final Pattern NODE = Pattern.compile("rows=(\\d+)(?:\\.\\d+)? loops=(\\d+)");

  private UUID[] ids;

  @BeforeEach
  void runningRows() throws SQLException {
    taskTableAutovacuum(false);
    List<UUID> found = new ArrayList<>();
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      s.execute(insertFinished(10_000));
      s.execute(
          "insert into taskrow_task (id, kind, queue, status, max_attempts, attempt_count,"
              + " fence_token, due_at, locked_by, locked_until)"
              + " select gen_random_uuid(), 'k', 'default', 'PROCESSING', 3, 1, 1,"
              + " now() + interval '30 seconds', 'w', now() + interval '30 seconds'"
              + " from generate_series(1, "
              + IDS
              + ")");
      s.execute("analyze taskrow_task");
      try (ResultSet rs =
          s.executeQuery("select id from taskrow_task where status = 'PROCESSING' order by id")) {
        while (rs.next()) {
          found.add(rs.getObject(1, UUID.class));
        }
      }
    }
    ids = found.toArray(UUID[]::new);
  }

  @AfterEach
  void autovacuumBack() throws SQLException {
    taskTableAutovacuum(true);
  }

  @Test
  void aHeartbeatOfAThousandTasksProbesTheKeyPerTask() throws SQLException {
    Object[] leases = filled(30_000L);
    Sql.Params params =
        Sql.params()
            .with("ids", new Sql.SqlArray("uuid", ids))
            .with("tokens", new Sql.SqlArray("int8", filled(1L)))
            .with("lease_ms", new Sql.SqlArray("int8", leases))
            .with("lease_caps", new Sql.SqlArray("text", new Object[IDS]))
            .with("async_commit", false);
    assertThat(rowsTouched(TaskRepository.HEARTBEAT, params))
        .isLessThanOrEqualTo(WORK_PER_ID * IDS);
  }

  @Test
  void aHandBackOfAThousandTasksProbesTheKeyPerTask() throws SQLException {
    Sql.Params params =
        Sql.params()
            .with("ids", new Sql.SqlArray("uuid", ids))
            .with("tokens", new Sql.SqlArray("int8", filled(1L)))
            .with("queued_since", new Sql.SqlArray("text", filled(clock.instant().toString())));
    assertThat(rowsTouched(TaskRepository.RELEASE, params)).isLessThanOrEqualTo(WORK_PER_ID * IDS);
  }

  @Test
  void aBatchOfAThousandSuccessesProbesTheKeyPerTask() throws SQLException {
    Sql.Params params =
        Sql.params()
            .with("ids", new Sql.SqlArray("uuid", ids))
            .with(
                "outcomes",
                new Sql.SqlJson(TaskRepository.outcomesById(ids, filled(1L), filled("{}"))));
    assertThat(rowsTouched(TaskRepository.COMPLETE_BATCH, params))
        .isLessThanOrEqualTo(WORK_PER_ID * IDS);
  }

  /**
   * Runs the statement under EXPLAIN ANALYZE in a transaction rolled back after it; returns the
   * rows its plan nodes produced, each times its loops, summed. Asserts it did reach every row.
   */
  private long rowsTouched(Sql sql, Sql.Params params) throws SQLException {
    StringBuilder plan = new StringBuilder();
    try (Connection c = dataSource.getConnection()) {
      c.setAutoCommit(false);
      try (PreparedStatement statement =
          sql.explainedBy("explain (analyze, costs off) ").prepare(c, clock, params)) {
        boolean isResult = statement.execute();
        while (isResult || statement.getUpdateCount() != -1) {
          if (isResult) {
            try (ResultSet rs = statement.getResultSet()) {
              while (rs.next()) {
                plan.append(rs.getString(1)).append('\n');
              }
            }
          }
          isResult = statement.getMoreResults();
        }
      } finally {
        c.rollback();
        c.setAutoCommit(true);
      }
    }
    long touched = 0;
    long widest = 0;
    Matcher node = NODE.matcher(plan);
    while (node.find()) {
      long rows = Long.parseLong(node.group(1)) * Long.parseLong(node.group(2));
      touched += rows;
      widest = Math.max(widest, rows);
    }
    // The plan did its work: some node produced every id's row (else the bound proves nothing).
    assertThat(widest).as(plan.toString()).isGreaterThanOrEqualTo(IDS);
    System.out.printf("rows touched: %,d for %,d ids%n", touched, IDS);
    return touched;
  }

  private Object[] filled(Object value) {
    Object[] values = new Object[IDS];
    Arrays.fill(values, value);
    return values;
  }
}
