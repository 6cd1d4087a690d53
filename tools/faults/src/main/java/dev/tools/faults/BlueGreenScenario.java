package dev.tools.faults;

import dev.taskrow.core.PostgresSignals;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A blue/green deployment: green starts beside blue, blue gets SIGTERM mid-work. Blue finishes what
 * it is running, hands the rest back without burning an attempt, and green takes them over at once
 * (the hand-back announces work). Recovery: from blue's exit until every task it held is done or
 * owned by green — to be within the poll interval.
 */
final class BlueGreenScenario implements Scenario {
  private static final Duration POLL_INTERVAL = Duration.ofSeconds(1);

  @Override
  public String name() {
    return "blue/green: SIGTERM to blue mid-work";
  }

  @Override
  public ScenarioResult run(SuiteContext context) throws Exception {
    try (ScenarioDatabase db = context.database("fault_bluegreen", PostgresSignals::new);
        WorkerFleet blueFleet = fleet("blue", db, context);
        WorkerFleet greenFleet = fleet("green", db, context)) {
      List<UUID> tasks = db.submit(3000);
      WorkerProcess blue = blueFleet.startOne();
      Await.until(Duration.ofSeconds(30), Duration.ofMillis(50), () -> db.successCount() >= 300);
      WorkerProcess green = greenFleet.startOne();
      List<UUID> held = db.heldBy(blue.id());
      Instant terminated = Instant.now();
      blue.terminate();
      boolean exited = blue.awaitExit(Duration.ofSeconds(30));
      Instant blueGone = Instant.now();
      blueFleet.forget(blue);
      Await.until(
          Duration.ofMinutes(1),
          Duration.ofMillis(20),
          () -> db.stillHeldByOtherThan(held, green.id()) == 0);
      Duration handover = Duration.between(blueGone, Instant.now());
      db.awaitDrained(Duration.ofMinutes(3));
      ScenarioDatabase.Audit audit = db.audit(tasks);
      return new ScenarioResult(
          name(),
          audit,
          handover,
          List.of(
              "blue held "
                  + held.size()
                  + " tasks at SIGTERM; exited "
                  + (exited
                      ? "in " + Duration.between(terminated, blueGone).toMillis() + " ms"
                      : "NOT within 30 s"),
              "hand-over after blue's exit: "
                  + handover.toMillis()
                  + " ms (poll interval "
                  + POLL_INTERVAL.toMillis()
                  + " ms) — "
                  + (handover.compareTo(POLL_INTERVAL) <= 0 ? "within" : "OVER"),
              audit.retried() + " tasks used a second attempt (a hand-back uses none)"));
    }
  }

  private static WorkerFleet fleet(String colour, ScenarioDatabase db, SuiteContext context) {
    return context.fleet(
        colour,
        List.of(
            "jdbc=" + db.jdbcUrl(),
            "signals=postgres",
            "concurrency=16",
            "sleep-ms=50",
            "poll-ms=" + POLL_INTERVAL.toMillis()));
  }
}
