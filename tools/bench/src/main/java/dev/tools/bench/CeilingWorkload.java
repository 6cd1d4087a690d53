package dev.tools.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;

/**
 * The physical ceiling of the same server in the same run: autocommit single-row UPDATEs, each its
 * own commit, from a few client threads. A task engine that commits once per task cannot beat this;
 * one that beats it does so only by putting many rows in one commit.
 */
final class CeilingWorkload {
  static final String TABLE = "bench_ceiling";
  static final int ROWS = 1000;
  static final int[] CLIENTS = {4, 8};
  static final String UPDATE = "update " + TABLE + " set n = n + 1 where id = ?";
  private static final Duration WARMUP = Duration.ofSeconds(1);

  private final Database database;
  private final Duration duration;
  private final Pgbench pgbench;
  private final TaskRowFloor floor;

  CeilingWorkload(Database database, Duration duration) {
    this.database = database;
    this.duration = duration;
    this.pgbench = Pgbench.find(database);
    this.floor = pgbench == null ? null : new TaskRowFloor(database, pgbench, duration);
  }

  void prepare(Results results) throws Exception {
    database.execute("drop table if exists " + TABLE);
    database.execute("create table " + TABLE + " (id int primary key, n bigint not null)");
    database.execute(
        "insert into " + TABLE + " select g, 0 from generate_series(1, " + ROWS + ") g");
    database.execute("vacuum analyze " + TABLE);
    if (pgbench == null) {
      results.note("pgbench not found (PATH, /usr/lib/postgresql/*/bin): its rows are skipped.");
    } else {
      results.note("pgbench: " + pgbench.describe());
      floor.prepare();
      results.note(
          "task-row floor: pgbench flipping random rows of "
              + TaskRowFloor.TABLE
              + " (a copy of taskrow_task with all its indexes, "
              + TaskRowFloor.ROWS
              + " rows) between PROCESSING and SUCCESS, one commit each: what the server pays"
              + " for the row a transactional task writes, without the engine.");
    }
  }

  void run(Results results, int run) throws Exception {
    for (int clients : CLIENTS) {
      double rate = jdbc(clients);
      results
          .figure(
              Results.CEILING,
              "single-row UPDATE, JDBC, " + clients + " clients",
              "commits/s",
              true)
          .add(rate);
      log(run, "JDBC", clients, rate);
    }
    if (pgbench != null) {
      for (int clients : CLIENTS) {
        double rate = pgbench.run(clients, duration);
        results
            .figure(
                Results.CEILING,
                "single-row UPDATE, pgbench, " + clients + " clients",
                "commits/s",
                true)
            .add(rate);
        log(run, "pgbench", clients, rate);
      }
      floor.run(results, run);
    }
  }

  private static void log(int run, String tool, int clients, double rate) {
    System.out.printf(
        Locale.ROOT, "run %d ceiling %s %d clients: %,.0f commits/s%n", run, tool, clients, rate);
  }

  /** Commits per second over {@code duration}, after a warm-up that is not counted. */
  private double jdbc(int clients) throws Exception {
    LongAdder commits = new LongAdder();
    List<Thread> threads = new ArrayList<>();
    List<Exception> failures = new ArrayList<>();
    var stop = new java.util.concurrent.atomic.AtomicBoolean();
    for (int i = 0; i < clients; i++) {
      threads.add(
          Thread.ofPlatform()
              .name("ceiling-" + i)
              .start(
                  () -> {
                    try (Connection c = database.dataSource().getConnection();
                        PreparedStatement update = c.prepareStatement(UPDATE)) {
                      c.setAutoCommit(true);
                      while (!stop.get()) {
                        update.setInt(1, ThreadLocalRandom.current().nextInt(1, ROWS + 1));
                        update.executeUpdate();
                        commits.increment();
                      }
                    } catch (Exception e) {
                      synchronized (failures) {
                        failures.add(e);
                      }
                    }
                  }));
    }
    Thread.sleep(WARMUP);
    long from = commits.sum();
    long start = System.nanoTime();
    Thread.sleep(duration);
    long to = commits.sum();
    long end = System.nanoTime();
    stop.set(true);
    for (Thread t : threads) {
      t.join();
    }
    if (!failures.isEmpty()) {
      throw failures.get(0);
    }
    return (to - from) / ((end - start) / 1e9);
  }
}
