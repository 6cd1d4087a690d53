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
 */
final class TaskRowFloor {
  static final String WORKLOAD = "task-row floor";
  static final String TABLE = "bench_task_floor";
  static final int ROWS = 100_000;
  static final int CLIENTS = 8;
  // The bench's batched drain commits up to 32 tasks at a time.
  static final int BATCH = 32;

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
