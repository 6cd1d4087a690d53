package dev.tools.faults;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.taskrow.core.NewTask;
import dev.taskrow.core.Schema;
import dev.taskrow.core.Signals;
import dev.taskrow.core.Taskrow;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import javax.sql.DataSource;

/**
 * One scenario's own database: the engine's schema, the business table, the driver's engine (which
 * only submits) and the audit queries.
 */
final class ScenarioDatabase implements AutoCloseable {
  private final String jdbcUrl;
  private final HikariDataSource pool;
  private final Taskrow taskrow;

  ScenarioDatabase(String jdbcUrl, Function<DataSource, Signals> signals) throws SQLException {
    this.jdbcUrl = jdbcUrl;
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(jdbcUrl);
    config.setUsername("postgres");
    config.setMaximumPoolSize(8);
    config.setConnectionTimeout(30_000);
    config.setPoolName("driver");
    this.pool = new HikariDataSource(config);
    Schema.migrate(pool);
    execute(FaultTask.EFFECT_TABLE_DDL);
    this.taskrow =
        Taskrow.builder(pool).signals(signals.apply(pool)).kind(FaultTask.TASK_KIND).build();
  }

  String jdbcUrl() {
    return jdbcUrl;
  }

  HikariDataSource dataSource() {
    return pool;
  }

  /** Submits {@code count} tasks in batches of a thousand, each batch one transaction. */
  List<UUID> submit(int count) throws SQLException {
    List<UUID> ids = new ArrayList<>(count);
    for (int from = 0; from < count; from += 1000) {
      List<NewTask> batch =
          Collections.nCopies(Math.min(1000, count - from), NewTask.of(FaultTask.KIND));
      ids.addAll(taskrow.inTransaction(tx -> taskrow.submitAll(tx, batch)));
    }
    return ids;
  }

  UUID submitOne() throws SQLException {
    return taskrow.submit(NewTask.of(FaultTask.KIND));
  }

  long activeCount() throws SQLException {
    return queryLong("select count(*) from taskrow_task where status in ('PENDING', 'PROCESSING')");
  }

  long successCount() throws SQLException {
    return queryLong("select count(*) from taskrow_task where status = 'SUCCESS'");
  }

  /** The tasks a worker holds now (claimed, not yet final). */
  List<UUID> heldBy(String workerId) throws SQLException {
    List<UUID> ids = new ArrayList<>();
    try (Connection c = pool.getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "select id from taskrow_task where locked_by = ? and status = 'PROCESSING'")) {
      s.setString(1, workerId);
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          ids.add(rs.getObject(1, UUID.class));
        }
      }
    }
    return ids;
  }

  /** The latest lease end among {@code ids}, or null when none is leased. */
  Instant latestLeaseEnd(List<UUID> ids) throws SQLException {
    try (Connection c = pool.getConnection();
        PreparedStatement s =
            c.prepareStatement("select max(locked_until) from taskrow_task where id = any(?)")) {
      s.setArray(1, c.createArrayOf("uuid", ids.toArray()));
      try (ResultSet rs = s.executeQuery()) {
        rs.next();
        OffsetDateTime end = rs.getObject(1, OffsetDateTime.class);
        return end == null ? null : end.toInstant();
      }
    }
  }

  /** How many of {@code ids} are still held by {@code workerId} (neither final nor re-claimed). */
  long stillHeldBy(List<UUID> ids, String workerId) throws SQLException {
    return countActive(ids, "(locked_by is null or locked_by = ?)", workerId);
  }

  /** How many of {@code ids} are neither final nor owned by {@code newOwner}. */
  long stillHeldByOtherThan(List<UUID> ids, String newOwner) throws SQLException {
    return countActive(ids, "locked_by is distinct from ?", newOwner);
  }

  private long countActive(List<UUID> ids, String ownerCondition, String worker)
      throws SQLException {
    try (Connection c = pool.getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "select count(*) from taskrow_task"
                    + " where id = any(?) and status in ('PENDING', 'PROCESSING') and "
                    + ownerCondition)) {
      s.setArray(1, c.createArrayOf("uuid", ids.toArray()));
      s.setString(2, worker);
      try (ResultSet rs = s.executeQuery()) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }

  /** Waits until no task is active; the audit then counts what did not finish as stuck. */
  void awaitDrained(Duration timeout) throws InterruptedException {
    Await.until(timeout, Duration.ofMillis(200), () -> activeCount() == 0);
  }

  /** Submit-to-start delays in milliseconds of the tasks created in [from, to), in order. */
  List<Double> startDelaysMillis(Instant from, Instant to) throws SQLException {
    List<Double> delays = new ArrayList<>();
    try (Connection c = pool.getConnection();
        PreparedStatement s =
            c.prepareStatement(
                """
                select extract(epoch from (started_at - created_at)) * 1000
                from taskrow_task
                where created_at >= ? and created_at < ? and started_at is not null
                """)) {
      s.setObject(1, from.atOffset(ZoneOffset.UTC));
      s.setObject(2, to.atOffset(ZoneOffset.UTC));
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          delays.add(rs.getDouble(1));
        }
      }
    }
    return delays;
  }

  /**
   * The audit: every submitted task final and successful, one business row per success, none for
   * anything else.
   */
  Audit audit(List<UUID> submitted) throws SQLException {
    try (Connection c = pool.getConnection()) {
      c.createStatement().execute("create temp table submitted (id uuid primary key)");
      try (PreparedStatement s =
          c.prepareStatement("insert into submitted select unnest(?::uuid[])")) {
        s.setArray(1, c.createArrayOf("uuid", submitted.toArray()));
        s.executeUpdate();
      }
      long missing =
          queryLong(
              c,
              "select count(*) from submitted s where not exists"
                  + " (select 1 from taskrow_task t where t.id = s.id)");
      long failed =
          queryLong(
              c,
              "select count(*) from taskrow_task t join submitted s using (id)"
                  + " where t.status = 'FAILED'");
      long successWithoutEffect =
          queryLong(
              c,
              "select count(*) from taskrow_task t join submitted s using (id)"
                  + " where t.status = 'SUCCESS'"
                  + " and not exists (select 1 from fault_effect e where e.task_id = t.id)");
      long stuck =
          queryLong(
              c,
              "select count(*) from taskrow_task t join submitted s using (id)"
                  + " where t.status in ('PENDING', 'PROCESSING')");
      long duplicated =
          queryLong(
              c,
              "select count(*) from (select task_id from fault_effect"
                  + " group by task_id having count(*) > 1) d");
      long effectsOfUnfinished =
          queryLong(
              c,
              "select count(*) from fault_effect e join taskrow_task t on t.id = e.task_id"
                  + " where t.status <> 'SUCCESS'");
      long retried =
          queryLong(
              c,
              "select count(*) from taskrow_task t join submitted s using (id)"
                  + " where t.attempt_count > 1");
      c.createStatement().execute("drop table submitted");
      return new Audit(
          submitted.size(),
          missing + failed + successWithoutEffect,
          duplicated + effectsOfUnfinished,
          stuck,
          retried);
    }
  }

  /** What the audit found; lost, duplicated and stuck must be zero. */
  record Audit(long tasks, long lost, long duplicated, long stuck, long retried) {}

  void execute(String sql) throws SQLException {
    try (Connection c = pool.getConnection();
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  long queryLong(String sql) throws SQLException {
    try (Connection c = pool.getConnection()) {
      return queryLong(c, sql);
    }
  }

  private static long queryLong(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Override
  public void close() {
    pool.close();
  }
}
