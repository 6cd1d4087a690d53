package dev.tools.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/**
 * The floor under a transactional task (issue #19, aim 2): the task row's own SUCCESS write, one
 * commit each, driven by pgbench against a copy of the task table with all its indexes. No engine,
 * no JVM: what the server itself pays for the row a transactional task must write. Measured once
 * with the UPDATE and its COMMIT in one round trip and once in two, the engine's two ways, and once
 * as a commit batch sends it (ADR 0019): {@value #BATCH} rows in one transaction, each UPDATE with
 * the next savepoint behind it in one round trip.
 *
 * <p>The UPDATE flips a random row between PROCESSING and SUCCESS: a status change moves the row's
 * entries in the partial indexes, so, like the engine's claim and SUCCESS, it is never a HOT
 * update.
 *
 * <p>A fourth row is a batched task's whole life on the server, still without the engine: claim
 * {@value #BATCH} PENDING rows as the engine's claim does (one statement, {@code for update skip
 * locked}, its commit not waiting for the WAL flush), then write their SUCCESS as a commit batch
 * sends it. Its figure is the drain a batched transactional kind could reach if the engine cost
 * nothing; the batched drain's figure divided by it is what the engine itself costs.
 */
final class TaskRowFloor {
  static final String WORKLOAD = "task-row floor";
  static final String TABLE = "bench_task_floor";
  static final int ROWS = 100_000;
  static final int CLIENTS = 8;
  // The bench's batched drain commits up to 32 tasks at a time.
  static final int BATCH = 32;

  /** The claim-and-SUCCESS row's table: PENDING rows, more than a run can drain. */
  static final String CLAIM_TABLE = "bench_task_claim_floor";

  /** PENDING rows per second of the measurement: twice the fastest drain seen on a quiet host. */
  static final int CLAIM_ROWS_PER_SECOND = 30_000;

  private static final String UPDATE =
      "update "
          + TABLE
          + " set status = case status when 'PROCESSING' then 'SUCCESS' else 'PROCESSING' end,"
          + " result = '{}'::jsonb, finished_at = now(),"
          + " due_at = case status when 'PROCESSING' then null else now() end,"
          + " locked_by = null, locked_until = null, next_retry_at = null"
          + " where id = md5(:id::text)::uuid;\n";
  private static final String PICK = "\\set id random(1, " + ROWS + ")\n";
  private static final String PICK_OWN =
      "\\set own :client_id * " + ROWS / CLIENTS + " + random(1, " + ROWS / CLIENTS + ")\n";

  private final Database database;
  private final Pgbench pgbench;
  private final Duration duration;

  private Path oneTrip;
  private Path twoTrips;
  private Path batched;
  private Path claimed;

  TaskRowFloor(Database database, Pgbench pgbench, Duration duration) {
    this.database = database;
    this.pgbench = pgbench;
    this.duration = duration;
  }

  void prepare() throws Exception {
    database.execute("drop table if exists " + TABLE);
    database.execute(
        "create table "
            + TABLE
            + " (like taskrow_task including all) with (autovacuum_enabled = false)");
    database.execute(
        "insert into "
            + TABLE
            + " (id, kind, queue, payload, status, max_attempts, attempt_count, fence_token,"
            + " due_at, locked_by, locked_until, started_at, last_attempt_at)"
            + " select md5(g::text)::uuid, 'bench.floor', 'bench-floor',"
            + " jsonb_build_object('seq', g), 'PROCESSING', 1, 1, 1, now(), 'bench', now(),"
            + " now(), now() from generate_series(1, "
            + ROWS
            + ") g");
    database.execute("vacuum analyze " + TABLE);
    // Autocommit: the UPDATE is its own transaction, one round trip (the engine since ADR 0017).
    oneTrip = Pgbench.script("bench-floor-1", PICK + UPDATE);
    // BEGIN and the UPDATE in one message, then COMMIT: two round trips (the engine before).
    twoTrips =
        Pgbench.script(
            "bench-floor-2",
            PICK + "\\startpipeline\nbegin;\n" + UPDATE + "\\endpipeline\ncommit;\n");
    // A commit batch: a savepoint first, then per row its UPDATE and the next savepoint in one
    // message, one COMMIT for all. Each client keeps to its own share of the rows, so two
    // transactions holding many rows never wait for each other or deadlock.
    StringBuilder batch = new StringBuilder("begin;\nsavepoint s;\n");
    for (int i = 0; i < BATCH; i++) {
      batch
          .append(PICK_OWN)
          .append("\\startpipeline\n")
          .append(UPDATE.replace(":id", ":own"))
          .append("savepoint s;\n\\endpipeline\n");
    }
    batched = Pgbench.script("bench-floor-batch", batch.append("commit;\n").toString());
    claimed = Pgbench.script("bench-floor-claim", claimThenBatch());
  }

  /**
   * The engine's one-queue claim of {@value #BATCH} rows (CLAIM_ONE_QUEUE, fewer columns returned),
   * its ids and fence tokens kept in pgbench variables, then their SUCCESS as a commit batch writes
   * it: a savepoint, and per row the UPDATE and the next savepoint in one message. A claim that
   * found fewer rows leaves the zero id in the rest, which matches no row.
   */
  private static String claimThenBatch() {
    StringBuilder columns = new StringBuilder();
    for (int i = 1; i <= BATCH; i++) {
      columns
          .append(i == 1 ? "" : ", ")
          .append("coalesce(ids[")
          .append(i)
          .append("], '00000000-0000-0000-0000-000000000000') as id")
          .append(i)
          .append(", coalesce(tokens[")
          .append(i)
          .append("], 0) as token")
          .append(i);
    }
    StringBuilder script =
        new StringBuilder(
            "with next as (select id from "
                + CLAIM_TABLE
                + " where queue = 'bench-floor' and status in ('PENDING', 'PROCESSING')"
                + " and due_at <= now() and kind = any(cast('{bench.floor}' as text[]))"
                + " and attempt_count < max_attempts"
                + " and (select set_config('synchronous_commit', 'off', true)) is not null"
                + " order by priority desc, due_at limit "
                + BATCH
                + " for update skip locked),"
                + " claimed as (update "
                + CLAIM_TABLE
                + " t set status = 'PROCESSING', attempt_count = t.attempt_count + 1,"
                + " fence_token = t.fence_token + 1, locked_by = 'bench',"
                + " locked_until = now() + interval '30 seconds',"
                + " due_at = now() + interval '30 seconds', next_retry_at = null,"
                + " last_attempt_at = now(), started_at = coalesce(t.started_at, now())"
                + " from next where t.id = next.id returning t.id, t.fence_token)"
                + " select "
                + columns
                + " from (select array_agg(id::text) as ids, array_agg(fence_token) as tokens"
                + " from claimed) c\n\\gset\n"
                + "begin;\nsavepoint s;\n");
    for (int i = 1; i <= BATCH; i++) {
      script
          .append("\\startpipeline\n")
          .append("update ")
          .append(CLAIM_TABLE)
          .append(
              " set status = 'SUCCESS', result = '{}'::jsonb, finished_at = now(), due_at = null,"
                  + " locked_by = null, locked_until = null, next_retry_at = null"
                  + " where id = cast(:id")
          .append(i)
          .append(" as uuid) and fence_token = :token")
          .append(i)
          .append(" and (status = 'PROCESSING') is true;\nsavepoint s;\n\\endpipeline\n");
    }
    return script.append("commit;\n").toString();
  }

  private long claimRows() {
    return Math.max(10_000, duration.toSeconds() * CLAIM_ROWS_PER_SECOND);
  }

  /** A fresh table of PENDING rows for the claim-and-SUCCESS row, as a drain's backlog. */
  private void fillClaimTable() throws Exception {
    database.execute("drop table if exists " + CLAIM_TABLE);
    database.execute(
        "create table "
            + CLAIM_TABLE
            + " (like taskrow_task including all) with (autovacuum_enabled = false)");
    database.execute(
        "insert into "
            + CLAIM_TABLE
            + " (id, kind, queue, payload, status, max_attempts, attempt_count, fence_token,"
            + " due_at) select md5(g::text)::uuid, 'bench.floor', 'bench-floor',"
            + " jsonb_build_object('seq', g), 'PENDING', 1, 0, 0,"
            + " now() - interval '1 hour' + g * interval '1 millisecond'"
            + " from generate_series(1, "
            + claimRows()
            + ") g");
    database.execute("vacuum analyze " + CLAIM_TABLE);
  }

  void run(Results results, int run) throws Exception {
    record(results, run, "one round trip per commit", oneTrip, 1);
    record(results, run, "two round trips per commit", twoTrips, 1);
    record(
        results,
        run,
        BATCH + " rows per commit, a savepoint each, one round trip per row",
        batched,
        BATCH);
    // Its dead versions are cleared here, not by an autovacuum running into the next workload.
    database.execute("vacuum " + TABLE);
    recordClaimThenBatch(results, run);
  }

  /**
   * Rows claimed and completed per second, counted in the table (a claim may find fewer than
   * {@value #BATCH} rows when the clients skip each other's locked rows).
   */
  private void recordClaimThenBatch(Results results, int run) throws Exception {
    fillClaimTable();
    CpuMeter.Sample from = CpuMeter.sample();
    long start = System.nanoTime();
    pgbench.run(claimed, CLIENTS, duration);
    double seconds = (System.nanoTime() - start) / 1e9;
    CpuMeter.Usage cpu = CpuMeter.between(from, CpuMeter.sample());
    long done =
        database.queryLong("select count(*) from " + CLAIM_TABLE + " where status = 'SUCCESS'");
    if (done >= claimRows()) {
      throw new IllegalStateException(
          "the claim-and-SUCCESS floor drained its whole table: raise CLAIM_ROWS_PER_SECOND");
    }
    double rate = done / seconds;
    String how = "claimed " + BATCH + " at a time, then their SUCCESS " + BATCH + " per commit";
    results
        .figure(
            WORKLOAD,
            "task row's claim and SUCCESS, " + how + ", pgbench, " + CLIENTS + " clients",
            "rows/s",
            true)
        .againstCeiling()
        .add(rate);
    String line =
        String.format(
            Locale.ROOT,
            "run %d floor task-row claim and SUCCESS, %s: %,.0f rows/s; machine CPU per row %.3f ms"
                + " (server and pgbench)",
            run,
            how,
            rate,
            cpu.machineMillisPer(rate * cpu.seconds()));
    System.out.println(line);
    results.diagnostic(line);
    results.diagnostic("  " + cpu.describe());
    database.execute("drop table " + CLAIM_TABLE);
  }

  /** Rows per second: pgbench's transactions per second times the rows each commits. */
  private void record(Results results, int run, String how, Path script, int rowsPerCommit)
      throws Exception {
    CpuMeter.Sample from = CpuMeter.sample();
    double rate = pgbench.run(script, CLIENTS, duration) * rowsPerCommit;
    CpuMeter.Usage cpu = CpuMeter.between(from, CpuMeter.sample());
    String unit = rowsPerCommit == 1 ? "commits/s" : "rows/s";
    results
        .figure(
            WORKLOAD,
            "task row's SUCCESS update, " + how + ", pgbench, " + CLIENTS + " clients",
            unit,
            true)
        .againstCeiling()
        .add(rate);
    String line =
        String.format(
            Locale.ROOT,
            "run %d floor task-row update, %s: %,.0f %s; machine CPU per row %.3f ms"
                + " (server and pgbench)",
            run,
            how,
            rate,
            unit,
            cpu.machineMillisPer(rate * cpu.seconds()));
    System.out.println(line);
    results.diagnostic(line);
    results.diagnostic("  " + cpu.describe());
  }
}
