package dev.tools.faults;

import dev.taskrow.redis.RedisSignals;
import dev.taskrow.redis.testing.TestRedis;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Two workers woken through Redis Pub/Sub under a steady submit rate; Redis is stopped for a while
 * and started again on the same port. Nothing may be lost; while Redis is away the submit-to-start
 * delay falls back to the poll interval, and it must come back by itself when Redis does.
 */
final class RedisOutageScenario implements Scenario {
  private static final Duration POLL_INTERVAL = Duration.ofSeconds(1);
  private static final Duration PHASE = Duration.ofSeconds(20);

  @Override
  public String name() {
    return "Redis stopped mid-run";
  }

  @Override
  public ScenarioResult run(SuiteContext context) throws Exception {
    SuiteContext.Settings settings = context.settings();
    try (TestRedis redis = TestRedis.start();
        ScenarioDatabase db =
            context.database("fault_redis", dataSource -> new RedisSignals(redis.url()));
        WorkerFleet fleet =
            context.fleet(
                "redis",
                List.of(
                    "jdbc=" + db.jdbcUrl(),
                    "signals=redis",
                    "redis=" + redis.url(),
                    "concurrency=8",
                    "poll-ms=" + POLL_INTERVAL.toMillis()))) {
      fleet.startOne();
      fleet.startOne();
      List<UUID> tasks;
      Instant began = Instant.now();
      Instant stopped;
      Instant restarted;
      Instant ended;
      try (SteadySubmitter submitter = new SteadySubmitter(db, settings.steadyRate())) {
        Thread.sleep(PHASE);
        stopped = Instant.now();
        redis.stop();
        Thread.sleep(settings.redisOutage());
        restarted = Instant.now();
        redis.startAgain();
        Thread.sleep(PHASE);
        ended = Instant.now();
        submitter.close();
        tasks = submitter.submitted();
      }
      db.awaitDrained(Duration.ofMinutes(2));
      // The first seconds of each phase belong to the transition, not the phase.
      Duration settle = Duration.ofSeconds(2);
      List<Double> before = db.startDelaysMillis(began.plus(settle), stopped);
      List<Double> during = db.startDelaysMillis(stopped.plus(settle), restarted);
      List<Double> after = db.startDelaysMillis(restarted.plus(Duration.ofSeconds(5)), ended);
      Duration recovery = recovery(db, restarted, ended, Percentiles.of(before, 99));
      ScenarioDatabase.Audit audit = db.audit(tasks);
      List<String> figures = new ArrayList<>();
      figures.add("submit-to-start before the outage: " + Percentiles.describe(before));
      figures.add(
          "during the "
              + settings.redisOutage().toSeconds()
              + " s outage: "
              + Percentiles.describe(during)
              + " (poll interval "
              + POLL_INTERVAL.toMillis()
              + " ms)");
      figures.add("from 5 s after Redis returned: " + Percentiles.describe(after));
      figures.add(
          "delays back under 2 × the pre-outage p99 (or 20 ms) "
              + recovery.toMillis()
              + " ms after Redis returned");
      return new ScenarioResult(name(), audit, recovery, figures);
    }
  }

  /**
   * How long after Redis returned the delays stayed high: the submit time of the last task after
   * the restart whose delay exceeded the threshold.
   */
  private static Duration recovery(
      ScenarioDatabase db, Instant restarted, Instant ended, double baselineP99) throws Exception {
    double threshold = Math.max(20, 2 * baselineP99);
    Duration step = Duration.ofMillis(250);
    Duration lastSlow = Duration.ZERO;
    for (Instant from = restarted; from.isBefore(ended); from = from.plus(step)) {
      List<Double> window = db.startDelaysMillis(from, from.plus(step));
      if (window.stream().anyMatch(d -> d > threshold)) {
        lastSlow = Duration.between(restarted, from.plus(step));
      }
    }
    return lastSlow;
  }
}
