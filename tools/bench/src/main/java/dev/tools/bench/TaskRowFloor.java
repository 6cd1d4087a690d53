package dev.tools.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/**
 * The floor under a transactional task (issue #19, aim 2): the task row's own SUCCESS write, one
 * commit each, driven by pgbench against a copy of the task table with all its indexes. No engine,
 * no JVM: what the server itself pays for the row a transactional task must write. Measured once
 * with the UPDATE and its COMMIT in one round trip and once in two, the engine's two ways.
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

  private static final String UPDATE =
      "update "
          + TABLE
          + " set status = case status when 'PROCESSING' then 'SUCCESS' else 'PROCESSING' end,"
          + " result = '{}'::jsonb, finished_at = now(),"
          + " due_at = case status when 'PROCESSING' then null else now() end,"
          + " locked_by = null, locked_until = null, next_retry_at = null"
          + " where id = md5(:id::text)::uuid;\n";
  private static final String PICK = "\\set id random(1, " + ROWS + ")\n";

  private final Database database;
  private final Pgbench pgbench;
  private final Duration duration;
  private Path oneTrip;
  private Path twoTrips;

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
  }

  void run(Results results, int run) throws Exception {
    record(results, run, "one round trip", oneTrip);
    record(results, run, "two round trips", twoTrips);
    // Its dead versions are cleared here, not by an autovacuum running into the next workload.
    database.execute("vacuum " + TABLE);
  }

  private void record(Results results, int run, String trips, Path script) throws Exception {
    CpuMeter.Sample from = CpuMeter.sample();
    double rate = pgbench.run(script, CLIENTS, duration);
    CpuMeter.Usage cpu = CpuMeter.between(from, CpuMeter.sample());
    results
        .figure(
            WORKLOAD,
            "task row's SUCCESS update, " + trips + " per commit, pgbench, " + CLIENTS + " clients",
            "commits/s",
            true)
        .againstCeiling()
        .add(rate);
    String line =
        String.format(
            Locale.ROOT,
            "run %d floor task-row update, %s: %,.0f commits/s; machine CPU per commit %.3f ms"
                + " (server and pgbench)",
            run,
            trips,
            rate,
            cpu.machineMillisPer(rate * cpu.seconds()));
    System.out.println(line);
    results.diagnostic(line);
    results.diagnostic("  " + cpu.describe());
  }
}
