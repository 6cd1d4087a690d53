package dev.tools.faults;

import dev.taskrow.core.PostgresSignals;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The known weak spot of a queue in PostgreSQL: a transaction left open holds back the xmin
 * horizon, so vacuum cannot remove the dead versions every claim and completion leaves, and the
 * claim scans past more and more of them. Under a steady rate, claim latency (submit to start) is
 * measured before and while one transaction stays open; the aim is a p99 within 2× the baseline.
 */
final class LongTransactionScenario implements Scenario {
  @Override
  public String name() {
    return "a transaction left open";
  }

  @Override
  public ScenarioResult run(SuiteContext context) throws Exception {
    SuiteContext.Settings settings = context.settings();
    try (ScenarioDatabase db = context.database("fault_longtx", PostgresSignals::new);
        WorkerFleet fleet =
            context.fleet(
                "longtx", List.of("jdbc=" + db.jdbcUrl(), "signals=postgres", "concurrency=8"))) {
      fleet.startOne();
      fleet.startOne();
      List<UUID> tasks;
      Instant began = Instant.now();
      Instant opened;
      Instant closed;
      long deadTuples;
      try (SteadySubmitter submitter = new SteadySubmitter(db, settings.steadyRate())) {
        Thread.sleep(settings.baseline());
        try (Connection idle = db.dataSource().getConnection()) {
          idle.setAutoCommit(false);
          try (Statement s = idle.createStatement()) {
            // A transaction with an id, left idle: what a forgotten session or a long report does.
            s.execute("select txid_current()");
          }
          opened = Instant.now();
          Thread.sleep(settings.holdOpen());
          deadTuples =
              db.queryLong(
                  "select n_dead_tup from pg_stat_user_tables where relname = 'taskrow_task'");
          idle.rollback();
          closed = Instant.now();
        }
        submitter.close();
        tasks = submitter.submitted();
      }
      db.awaitDrained(Duration.ofMinutes(2));
      List<Double> baseline = db.startDelaysMillis(began.plus(Duration.ofSeconds(5)), opened);
      List<Double> held = db.startDelaysMillis(opened, closed);
      List<Double> lastMinute = db.startDelaysMillis(closed.minus(Duration.ofMinutes(1)), closed);
      double ratio = Percentiles.of(held, 99) / Percentiles.of(baseline, 99);
      ScenarioDatabase.Audit audit = db.audit(tasks);
      List<String> figures = new ArrayList<>();
      figures.add(settings.steadyRate() + " submits/s; claim delay (submit to start):");
      figures.add("  baseline: " + Percentiles.describe(baseline));
      figures.add(
          "  transaction open "
              + settings.holdOpen().toSeconds()
              + " s: "
              + Percentiles.describe(held));
      figures.add("  its last minute: " + Percentiles.describe(lastMinute));
      figures.add(
          String.format(
              "  p99 ratio %.2f× (aim ≤ 2×); dead task-row versions when it closed: %d",
              ratio, deadTuples));
      return new ScenarioResult(name(), audit, null, figures);
    }
  }
}
