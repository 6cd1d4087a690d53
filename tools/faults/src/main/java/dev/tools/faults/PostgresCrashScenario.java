package dev.tools.faults;

import dev.taskrow.core.PostgresSignals;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * PostgreSQL crashed — an immediate shutdown, no checkpoint, the WAL still in its buffers thrown
 * away — while two workers run the transactional kind, {@code --crashes} times over {@code
 * --crash-tasks}, each crash timed while a burst of claims is running. The claims and heartbeats
 * commit without waiting for the WAL flush (ADR 0012), so a crash can undo a claim the workers
 * already acted on; every SUCCESS commits durably with its business row. What must hold: every task
 * SUCCESS with exactly one effect, however many claims the crashes took back.
 *
 * <p>Each crash also shows that it undid claims: just before it, the driver reads every PROCESSING
 * row's fence token (a claim is visible as soon as it commits, flushed or not); once the server is
 * up again, a row whose token is lower than the one read lost that claim in the crash. The count is
 * a lower bound (a worker may re-claim a row before the driver looks), as is the WAL the crash took
 * back: written before the SIGQUIT, missing from the recovered log.
 */
final class PostgresCrashScenario implements Scenario {
  /** Per worker process; two of them. */
  private static final int CONCURRENCY = 16;

  @Override
  public String name() {
    return "PostgreSQL crashed (immediate shutdown) mid-run, transactional tasks";
  }

  @Override
  public ScenarioResult run(SuiteContext context) throws Exception {
    int total = context.settings().crashTasks();
    int crashes = context.settings().crashes();
    try (ScenarioDatabase db = context.database("fault_crash", PostgresSignals::new);
        WorkerFleet fleet =
            context.fleet(
                "crash",
                List.of(
                    "jdbc=" + db.jdbcUrl(),
                    "signals=postgres",
                    "concurrency=" + CONCURRENCY,
                    "sleep-ms=1000"))) {
      // The WAL writer writes a partial WAL page only every wal_writer_delay (200 ms by default);
      // 10 s here widens the window in which a claim's commit is acknowledged but not yet written,
      // so the crash does take claims back. Every durable commit still writes all WAL before it.
      db.execute("alter system set wal_writer_delay = '10s'");
      db.execute("select pg_reload_conf()");
      fleet.startOne();
      fleet.startOne();
      List<UUID> tasks = new ArrayList<>();
      List<String> figures = new ArrayList<>();
      Duration longest = Duration.ZERO;
      long undoneClaims = 0;
      int perCrash = Math.max(total / crashes - 2 * CONCURRENCY, 0);
      try {
        for (int crash = 1; crash <= crashes; crash++) {
          tasks.addAll(db.submit(perCrash));
          db.awaitDrained(Duration.ofMinutes(3));
          // A burst the two workers claim at once; the crash comes while their handlers run
          // (a second each), before any SUCCESS commit has written the claims' WAL for them.
          tasks.addAll(db.submit(2 * CONCURRENCY));
          Await.until(
              Duration.ofSeconds(30), Duration.ofMillis(1), () -> leased(db) >= CONCURRENCY);
          Leases before = leasesNow(db);
          Duration down = context.postgres().crash();
          Instant up = Instant.now();
          long[] undone = {-1};
          long[] walLost = {-1};
          Await.until(
              Duration.ofMinutes(1),
              Duration.ofMillis(10),
              () -> {
                undone[0] = claimsUndone(db, before);
                walLost[0] = walLostSince(db, before.walInsert());
                return true;
              });
          long successes = db.successCount();
          // Nothing to finish when every claimed task committed its SUCCESS before the crash.
          Await.until(
              Duration.ofMinutes(2),
              Duration.ofMillis(20),
              () -> db.successCount() > successes || db.activeCount() == 0);
          Duration recovery = Duration.between(up, Instant.now());
          longest = recovery.compareTo(longest) > 0 ? recovery : longest;
          undoneClaims += undone[0];
          figures.add(
              String.format(
                  "crash %d: down and recovered in %d ms; of %d claims seen committed, %d undone"
                      + " by the crash; %d bytes of WAL lost; first task finished %d ms after",
                  crash,
                  down.toMillis(),
                  before.ids().length,
                  undone[0],
                  walLost[0],
                  recovery.toMillis()));
        }
        db.awaitDrained(Duration.ofMinutes(3));
      } finally {
        db.execute("alter system reset wal_writer_delay");
        db.execute("select pg_reload_conf()");
      }
      boolean workersAlive = fleet.running().stream().allMatch(WorkerProcess::isAlive);
      ScenarioDatabase.Audit audit = db.audit(tasks);
      figures.add(
          undoneClaims
              + " claims undone in all (lower bound); "
              + audit.retried()
              + " tasks needed another attempt; workers "
              + (workersAlive ? "all still running" : "NOT all alive"));
      return new ScenarioResult(name(), audit, longest, figures);
    }
  }

  private static long leased(ScenarioDatabase db) throws SQLException {
    return db.queryLong(
        "select count(*) from taskrow_task where status = 'PROCESSING' and locked_until is not null");
  }

  /** The leased rows and their tokens, and the WAL insert position, in one snapshot. */
  private record Leases(UUID[] ids, Long[] tokens, String walInsert) {}

  private static Leases leasesNow(ScenarioDatabase db) throws SQLException {
    try (Connection c = db.dataSource().getConnection();
        PreparedStatement s =
            c.prepareStatement(
                """
                select coalesce(array_agg(id), '{}'), coalesce(array_agg(fence_token), '{}'),
                       pg_current_wal_insert_lsn()::text
                from taskrow_task
                where status = 'PROCESSING' and locked_until is not null
                """);
        ResultSet rs = s.executeQuery()) {
      rs.next();
      return new Leases(
          (UUID[]) rs.getArray(1).getArray(), (Long[]) rs.getArray(2).getArray(), rs.getString(3));
    }
  }

  /** Rows whose token went back: the claim read before the crash did not survive it. */
  private static long claimsUndone(ScenarioDatabase db, Leases before) throws SQLException {
    try (Connection c = db.dataSource().getConnection();
        PreparedStatement s =
            c.prepareStatement(
                """
                select count(*)
                from taskrow_task t
                join unnest(cast(? as uuid[]), cast(? as bigint[])) as seen(id, token)
                  on seen.id = t.id
                where t.fence_token < seen.token
                """)) {
      s.setArray(1, c.createArrayOf("uuid", before.ids()));
      s.setArray(2, c.createArrayOf("int8", before.tokens()));
      try (ResultSet rs = s.executeQuery()) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }

  /**
   * WAL inserted before the crash that recovery did not find: crash recovery ends with a checkpoint
   * whose redo point is the end of the recovered log.
   */
  private static long walLostSince(ScenarioDatabase db, String insertBefore) throws SQLException {
    try (Connection c = db.dataSource().getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "select greatest(pg_wal_lsn_diff(cast(? as pg_lsn), redo_lsn), 0)::bigint"
                    + " from pg_control_checkpoint()")) {
      s.setString(1, insertBefore);
      try (ResultSet rs = s.executeQuery()) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }
}
