package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import dev.taskrow.test.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The server plans a statement the driver has prepared once, with the table as it is then, and
 * keeps that plan until the table's statistics change. Made while the table was empty, a plan that
 * reads the whole table is the cheapest; kept while thousands of rows arrive, it reads every one of
 * them on each call until autovacuum next analyses the table. The steady workload at 3,000
 * submits/s fell behind this way (issue 19): its successes, recorded by a plan made on the bench's
 * freshly truncated table, each read the whole table.
 *
 * <p>Worst of all is a table analysed while empty (VACUUM ANALYZE after a truncate, as the bench
 * does before each measurement, or after retention removed every row): the planner then takes its
 * present size, zero pages, at its word, and even the statements that turn the whole-table plans
 * off (TaskRepository.KEY_PROBES_ONLY) read all of the primary key. A claim of 500 rows found each
 * of them by reading the whole table: one claim a second, and a steady workload through NOTIFY fell
 * behind in one run of five (issue 19, 2026-12-07). The engine renews its plans as the table grows
 * (ADR 0021), and keeps none while the table is smaller than a few pages (ADR 0022): a plan kept
 * from no pages at all still read the whole table for up to a poll interval at 3,000 submits a
 * second, time enough for a claim to take half a second.
 *
 * <p>This runs the hot path's statements through the repository on one connection, as a worker
 * does: first on the empty, analysed table, often enough that the driver would prepare them and the
 * server settle on its plan, then after 20,000 rows have arrived, counting the whole-table scans
 * the server makes (pg_stat_xact_user_tables: this transaction's own). Beside it, on a connection
 * of its own, the same statements with plans kept from the empty table show the hazard is real.
 */
class EmptyTablePlanTest extends EngineTest {
  // The driver prepares a statement on the server at its 5th run; the server plans its first 5
  // runs with their values and may settle on a generic plan at the 6th.
  private static final int RUNS_TO_SETTLE = 15;
  private static final int GROWN_ROWS = 20_000;
  private static final int ACTIVE_ROWS = 2_000;
  private static final String[] KINDS = {"k"};
  private static final Long[] LEASES = {30_000L};
  // The bench's table a few seconds into a run at 3,000/s, and a batch as its SUCCESS sent it.
  private static final int BATCH_TABLE_ROWS = 3_000;
  private static final int BATCH_IDS = 567;

  @BeforeEach
  void noAutovacuum() throws SQLException {
    // No autovacuum may analyse the grown table (and so replan) while the scans are counted.
    taskTableAutovacuum(false);
  }

  @AfterEach
  void autovacuumBack() throws SQLException {
    taskTableAutovacuum(true);
    TestDatabase.truncate();
  }

  @Test
  void theHotPathReadsByKeyAfterTheTableHasGrownFromEmpty() throws Exception {
    Taskrow taskrow = engine(kind("k").build());
    Map<String, Call> calls = callsOf(taskrow.repository());
    // The same statements keeping their plans from the first reading on, as the engine did before
    // ADR 0022: the hazard, shown on a connection of its own.
    PlanGeneration keptFromTheStart = new PlanGeneration();
    keptFromTheStart.tableHas(PlanGeneration.FIRST_RENEWAL_PAGES);
    Map<String, Call> keptCalls = callsOf(new TaskRepository(clock, true, keptFromTheStart));

    try (Connection worker = newConnection();
        Connection keeping = newConnection()) {
      analyseWhileEmpty();
      // The table is empty: EngineTest truncates it before each test.
      readTheTableSize(taskrow.repository(), worker);
      settle(worker, calls.values());
      settle(keeping, keptCalls.values());
      UUID[] grown = grow();

      Map<String, Reads> kept = readsOfEachCall(keeping, keptCalls, grown);
      assertThat(kept.values().stream().mapToLong(Reads::rows).max().orElseThrow())
          .as("rows read by the widest call on plans kept from the empty table")
          .isGreaterThanOrEqualTo(GROWN_ROWS);

      // The engine kept no plan while the table was that small: each call is planned with its
      // values, so the rows that arrived since the last reading are found by key.
      assertThat(taskrow.plans().plansWithValues()).isTrue();
      assertReadsByKey(readsOfEachCall(worker, calls, grown));

      // The worker reads the size with its claim floor, once per poll interval: a new generation,
      // whose plans are kept, made with the table as it is now.
      int before = taskrow.plans().current();
      readTheTableSize(taskrow.repository(), worker);
      assertThat(taskrow.plans().current()).isGreaterThan(before);
      assertThat(taskrow.plans().plansWithValues()).isFalse();
      settle(worker, calls.values());
      assertReadsByKey(readsOfEachCall(worker, calls, grown));
    }
  }

  /**
   * The batched SUCCESS on the table a bench run leaves: analysed empty after a truncate, while its
   * column statistics still describe the finished rows of the run before (an ANALYZE of no rows
   * keeps them), so the planner expects one PROCESSING row. Planned with its values (a statement's
   * first calls on a connection, and every call while the table is small), a bare key join of the
   * ids with the table then scanned all of the primary key and ran the list again for each row.
   */
  @Test
  void theBatchedSuccessReadsOnlyItsRowsWhenTheStatisticsExpectNone() throws Exception {
    Taskrow taskrow = engine(kind("k").build());
    TaskRepository repository = taskrow.repository();
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      s.execute(insertFinished(20_000));
      s.execute("analyze taskrow_task");
      s.execute("truncate taskrow_task");
    }
    analyseWhileEmpty();
    UUID[] running = growThroughTheStates(BATCH_TABLE_ROWS, BATCH_IDS);
    try (Connection worker = newConnection()) {
      worker.setAutoCommit(false);
      try {
        Reads before = reads(worker);
        repository.completeBatch(worker, running, ones(running.length), results(running.length));
        assertThat(reads(worker).since(before).rows())
            .as("rows the batched SUCCESS of %d ids read", running.length)
            .isLessThanOrEqualTo(2L * running.length);
      } finally {
        worker.rollback();
      }
    }
  }

  /**
   * {@code rows} tasks as a steady run leaves them: each submitted, claimed, and all but {@code
   * running} of them finished, their old versions still in the table; returns the running ones.
   */
  private UUID[] growThroughTheStates(int rows, int running) throws SQLException {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      s.execute(
          "insert into taskrow_task (id, kind, queue, status, max_attempts, attempt_count,"
              + " fence_token, due_at, payload)"
              + " select gen_random_uuid(), 'k', 'default', 'PENDING', 1, 0, 0, now(),"
              + " jsonb_build_object('seq', g) from generate_series(1, "
              + rows
              + ") g");
      s.execute(
          "update taskrow_task set status = 'PROCESSING', attempt_count = 1, fence_token = 1,"
              + " locked_by = 'w', locked_until = now() + interval '30 seconds',"
              + " due_at = now() + interval '30 seconds'");
      s.execute(
          "update taskrow_task set status = 'SUCCESS', result = '{}', finished_at = now(),"
              + " due_at = null, locked_by = null, locked_until = null"
              + " where id not in (select id from taskrow_task order by id limit "
              + running
              + ")");
      return runningIds(s);
    }
  }

  private static void assertReadsByKey(Map<String, Reads> reads) {
    assertThat(reads)
        .allSatisfy(
            (name, read) -> {
              assertThat(read.wholeTableScans()).as(name + ": whole-table scans").isZero();
              // Nor a whole index: a full scan of the primary key reads every row too. The widest
              // call reads the active rows (expire leases, through the claim index).
              assertThat(read.rows()).as(name + ": rows read").isLessThanOrEqualTo(ACTIVE_ROWS);
            });
  }

  /** The worker's hot-path statements, and two it runs every few seconds, through {@code repo}. */
  private Map<String, Call> callsOf(TaskRepository repository) {
    Map<String, Call> calls = new LinkedHashMap<>();
    calls.put("claim", (c, ids) -> repository.claim(c, "default", KINDS, LEASES, "w", 32, null));
    calls.put(
        "claim of 500", (c, ids) -> repository.claim(c, "default", KINDS, LEASES, "w", 500, null));
    calls.put("complete one", (c, ids) -> repository.completeOne(c, ids[0], 1, "{}"));
    calls.put("fail", (c, ids) -> repository.fail(c, ids[1], 1, "X", "x"));
    calls.put("schedule retry", (c, ids) -> repository.scheduleRetry(c, ids[2], 1, "X", "x", 10));
    calls.put(
        "complete batch",
        (c, ids) -> {
          Object[] batch = Arrays.copyOfRange(ids, 3, 35);
          repository.completeBatch(c, batch, ones(batch.length), results(batch.length));
        });
    // A drain's batch: a thousand ids at once, the table's statistics seeing few PROCESSING rows.
    calls.put(
        "complete batch of 901",
        (c, ids) -> {
          Object[] batch = Arrays.copyOfRange(ids, 99, 1_000);
          repository.completeBatch(c, batch, ones(batch.length), results(batch.length));
        });
    calls.put(
        "heartbeat",
        (c, ids) -> {
          Object[] batch = Arrays.copyOfRange(ids, 35, 67);
          Object[] leases = new Object[batch.length];
          Arrays.fill(leases, 30_000L);
          repository.heartbeat(c, batch, ones(batch.length), leases, new Object[batch.length]);
        });
    calls.put(
        "release",
        (c, ids) -> {
          Object[] batch = Arrays.copyOfRange(ids, 67, 99);
          Object[] since = new Object[batch.length];
          Arrays.fill(since, clock.instant().toString());
          repository.release(c, batch, ones(batch.length), since);
        });
    // Not the hot path, but run every few seconds by every worker, for as long as the plan stays.
    calls.put("expire leases", (c, ids) -> repository.expireLeases(c, "default"));
    calls.put("oldest due pending", (c, ids) -> repository.oldestDuePending(c));
    return calls;
  }

  /** What the worker reads with its claim floor, the table's size among it. */
  private static void readTheTableSize(TaskRepository repository, Connection worker)
      throws SQLException {
    repository.claimFloors(worker, new String[] {"default"}, KINDS, 10_000, Duration.ofSeconds(1));
  }

  /** Each call once on the grown table, in a transaction rolled back afterwards. */
  private static Map<String, Reads> readsOfEachCall(
      Connection worker, Map<String, Call> calls, UUID[] grown) throws SQLException {
    worker.setAutoCommit(false);
    Map<String, Reads> reads = new LinkedHashMap<>();
    try {
      for (Map.Entry<String, Call> call : calls.entrySet()) {
        Reads before = reads(worker);
        call.getValue().run(worker, grown);
        reads.put(call.getKey(), reads(worker).since(before));
      }
    } finally {
      worker.rollback();
      worker.setAutoCommit(true);
    }
    return reads;
  }

  /**
   * A connection of its own, not one from the pool: a pooled connection keeps the statements (and
   * the server's plans) of the tests that used it before.
   */
  private Connection newConnection() throws SQLException {
    HikariDataSource pool = dataSource.unwrap(HikariDataSource.class);
    return DriverManager.getConnection(pool.getJdbcUrl(), pool.getUsername(), pool.getPassword());
  }

  /**
   * Statistics that say the table is empty, not merely never analysed: what VACUUM ANALYZE leaves
   * after a truncate (the bench before every measurement) or after retention removed every row. The
   * planner then takes the table's present size, zero pages, at its word.
   */
  private void analyseWhileEmpty() throws SQLException {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      s.execute("vacuum analyze taskrow_task");
    }
  }

  /** Runs every call often enough, touching no row, for the server to settle on its plans. */
  private static void settle(Connection worker, Iterable<Call> calls) throws SQLException {
    UUID[] absent = new UUID[1_000];
    Arrays.setAll(absent, i -> UUID.randomUUID());
    for (int run = 0; run < RUNS_TO_SETTLE; run++) {
      for (Call call : calls) {
        call.run(worker, absent);
      }
    }
  }

  /**
   * 20,000 rows arrive from another connection, as a table holds them: most finished, a thousand
   * PROCESSING (all with token 1: the calls touch them, each its own) and a thousand PENDING.
   */
  private UUID[] grow() throws SQLException {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      s.execute(insertFinished(GROWN_ROWS - ACTIVE_ROWS));
      s.execute(insert(ACTIVE_ROWS / 2, "PROCESSING"));
      s.execute(insert(ACTIVE_ROWS / 2, "PENDING"));
      return runningIds(s);
    }
  }

  private static UUID[] runningIds(Statement s) throws SQLException {
    List<UUID> ids = new ArrayList<>();
    try (ResultSet rs =
        s.executeQuery("select id from taskrow_task where status = 'PROCESSING' order by id")) {
      while (rs.next()) {
        ids.add(rs.getObject(1, UUID.class));
      }
    }
    return ids.toArray(UUID[]::new);
  }

  private static String insert(int rows, String status) {
    return "insert into taskrow_task (id, kind, queue, status, max_attempts, attempt_count,"
        + " fence_token, due_at, locked_by, locked_until)"
        + " select gen_random_uuid(), 'k', 'default', '"
        + status
        + "', 3, 1, 1, now() - interval '1 hour', 'w', now() + interval '1 hour'"
        + " from generate_series(1, "
        + rows
        + ")";
  }

  private static Object[] ones(int n) {
    Object[] tokens = new Object[n];
    Arrays.fill(tokens, 1L);
    return tokens;
  }

  private static Object[] results(int n) {
    Object[] results = new Object[n];
    Arrays.fill(results, "{}");
    return results;
  }

  /** One of the worker's statements, run with the ids it should touch. */
  @FunctionalInterface
  private interface Call {
    void run(Connection c, UUID[] ids) throws SQLException;
  }
}
