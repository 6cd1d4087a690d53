package dev.tools.faults;

import dev.taskrow.core.PostgresSignals;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Three worker processes drain the tasks while, every few seconds, a random one is killed with
 * SIGKILL and a fresh one started. Each kill's recovery is the time until every task the victim
 * held is finished or claimed by another worker: its lease (5 s) plus a poll at most.
 */
final class KillWorkersScenario implements Scenario {
  @Override
  public String name() {
    return "SIGKILL a random worker of three";
  }

  @Override
  public ScenarioResult run(SuiteContext context) throws Exception {
    SuiteContext.Settings settings = context.settings();
    try (ScenarioDatabase db = context.database("fault_kill", PostgresSignals::new);
        WorkerFleet fleet =
            context.fleet(
                "kill",
                List.of(
                    "jdbc=" + db.jdbcUrl(), "signals=postgres", "concurrency=16", "sleep-ms=25"))) {
      for (int i = 0; i < 3; i++) {
        fleet.startOne();
      }
      // Tasks arrive as traffic does, faster than two workers alone could take them.
      SteadySubmitter traffic =
          new SteadySubmitter(db, settings.killRate(), 20, settings.killTasks());
      Random random = new Random(42);
      ConcurrentLinkedQueue<Duration> recoveries = new ConcurrentLinkedQueue<>();
      List<Duration> leasesLeft = new ArrayList<>();
      List<Thread> watchers = new ArrayList<>();
      int kills = 0;
      Instant began = Instant.now();
      Instant lastKill = began;
      while (kills < settings.kills()
          && (traffic.isRunning() || db.activeCount() > 0)
          && Duration.between(began, Instant.now()).toMinutes() < 10) {
        // Starting the replacement JVM takes seconds too: the cadence counts from the last kill.
        Duration sinceLastKill = Duration.between(lastKill, Instant.now());
        if (sinceLastKill.compareTo(settings.killEvery()) < 0) {
          Thread.sleep(settings.killEvery().minus(sinceLastKill));
        }
        if (!traffic.isRunning() && db.activeCount() == 0) {
          break;
        }
        List<WorkerProcess> running = fleet.running();
        WorkerProcess victim = running.get(random.nextInt(running.size()));
        List<UUID> held = db.heldBy(victim.id());
        Instant leaseEnd = db.latestLeaseEnd(held);
        victim.kill();
        Instant killedAt = Instant.now();
        lastKill = killedAt;
        kills++;
        if (leaseEnd != null) {
          leasesLeft.add(Duration.between(killedAt, leaseEnd));
        }
        fleet.forget(victim);
        fleet.startOne();
        if (!held.isEmpty()) {
          watchers.add(
              Thread.ofVirtual()
                  .start(
                      () -> {
                        try {
                          if (Await.until(
                              Duration.ofMinutes(2),
                              Duration.ofMillis(50),
                              () -> db.stillHeldBy(held, victim.id()) == 0)) {
                            recoveries.add(Duration.between(killedAt, Instant.now()));
                          }
                        } catch (InterruptedException e) {
                          Thread.currentThread().interrupt();
                        }
                      }));
        }
      }
      // After the last kill (--kills), the traffic still runs to its end.
      Await.until(Duration.ofMinutes(10), Duration.ofMillis(100), () -> !traffic.isRunning());
      traffic.close();
      List<UUID> tasks = traffic.submitted();
      db.awaitDrained(Duration.ofMinutes(3));
      for (Thread watcher : watchers) {
        watcher.join();
      }
      Duration drained = Duration.between(began, Instant.now());
      Duration longest = recoveries.stream().max(Duration::compareTo).orElse(Duration.ZERO);
      ScenarioDatabase.Audit audit = db.audit(tasks);
      return new ScenarioResult(
          name(),
          audit,
          longest,
          List.of(
              kills + " kills, " + fleet.startedCount() + " processes in all",
              "drained in "
                  + drained.toSeconds()
                  + " s; "
                  + audit.retried()
                  + " tasks ran more than once (their effects rolled back with the lost lease)",
              "victim's leases ended (ms after each kill): " + millis(leasesLeft),
              "all its tasks finished or claimed again (ms after each kill): " + millis(recoveries),
              "submitted at "
                  + settings.killRate()
                  + "/s; a rescued task is due at its lease end"));
    }
  }

  private static List<Long> millis(Collection<Duration> durations) {
    return durations.stream().map(Duration::toMillis).toList();
  }
}
