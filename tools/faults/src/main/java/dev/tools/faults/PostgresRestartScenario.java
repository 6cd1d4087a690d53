package dev.tools.faults;

import dev.taskrow.core.PostgresSignals;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * PostgreSQL shut down fast (every connection cut mid-transaction) and started again while two
 * workers drain. Transactions in flight roll back, effects with them; the workers' pools and
 * listeners reconnect; the tasks whose outcome could not be recorded come back when their leases
 * expire. Recovery: from the server being up again to the first task finishing after it.
 */
final class PostgresRestartScenario implements Scenario {
  @Override
  public String name() {
    return "PostgreSQL restarted mid-run";
  }

  @Override
  public ScenarioResult run(SuiteContext context) throws Exception {
    try (ScenarioDatabase db = context.database("fault_restart", PostgresSignals::new);
        WorkerFleet fleet =
            context.fleet(
                "restart",
                List.of(
                    "jdbc=" + db.jdbcUrl(), "signals=postgres", "concurrency=16", "sleep-ms=10"))) {
      List<UUID> tasks = db.submit(10_000);
      fleet.startOne();
      fleet.startOne();
      Await.until(Duration.ofMinutes(1), Duration.ofMillis(50), () -> db.successCount() >= 2000);
      Duration down = context.postgres().restart();
      Instant up = Instant.now();
      long before = countAfterRestart(db);
      Await.until(Duration.ofMinutes(2), Duration.ofMillis(20), () -> db.successCount() > before);
      Duration recovery = Duration.between(up, Instant.now());
      db.awaitDrained(Duration.ofMinutes(3));
      boolean workersAlive = fleet.running().stream().allMatch(WorkerProcess::isAlive);
      ScenarioDatabase.Audit audit = db.audit(tasks);
      return new ScenarioResult(
          name(),
          audit,
          recovery,
          List.of(
              "server down and up again in " + down.toMillis() + " ms",
              "first task finished " + recovery.toMillis() + " ms after the server was up",
              audit.retried()
                  + " tasks needed another attempt; workers "
                  + (workersAlive ? "all still running" : "NOT all alive")));
    }
  }

  /** The success count as soon as the driver's own pool has reconnected. */
  private static long countAfterRestart(ScenarioDatabase db) throws InterruptedException {
    long[] count = {-1};
    Await.until(
        Duration.ofMinutes(1),
        Duration.ofMillis(20),
        () -> {
          count[0] = db.successCount();
          return true;
        });
    return count[0];
  }
}
