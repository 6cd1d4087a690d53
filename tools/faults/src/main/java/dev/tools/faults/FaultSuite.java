package dev.tools.faults;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fault-injection suite: real worker processes, a real PostgreSQL and a real Redis, each
 * scenario in a database of its own, then one summary. Exits 1 if any task was lost, duplicated or
 * left stuck.
 *
 * <pre>
 * tools/faults/run.sh [--smoke] [--scenarios=kill,bluegreen,redis,restart,longtx] [--kill-tasks=20000]
 *               [--kill-rate=400] [--kill-every=3s] [--kills=N] [--redis-outage=30s] [--baseline=60s]
 *               [--hold=120s] [--rate=200] [--payment-tenants=120] [--payment-kills=8]
 *               [--payment-kill-every=6s] [--crash-tasks=500] [--crashes=3] [--commit-batch=1]
 *               [--work-dir=tools/faults/target/run]
 * </pre>
 */
public final class FaultSuite {
  private static final Map<String, Scenario> SCENARIOS = new LinkedHashMap<>();

  static {
    SCENARIOS.put("kill", new KillWorkersScenario());
    SCENARIOS.put("bluegreen", new BlueGreenScenario());
    SCENARIOS.put("redis", new RedisOutageScenario());
    SCENARIOS.put("restart", new PostgresRestartScenario());
    SCENARIOS.put("longtx", new LongTransactionScenario());
    SCENARIOS.put("payment", new PaymentScenario(true));
    SCENARIOS.put("payment-blind", new PaymentScenario(false));
    SCENARIOS.put("crash", new PostgresCrashScenario());
  }

  /**
   * {@code --smoke}: short scenarios with one kill each — a worker SIGKILLed mid-work, its tasks
   * rescued, the audit run; an issuance worker SIGKILLed mid-payment, its charges recovered;
   * PostgreSQL crashed once while claims run (about 25 s of it) — in about a minute and a half, so
   * CI proves the suite works. Options given explicitly still win.
   */
  private static final List<String> SMOKE =
      List.of(
          "--scenarios=kill,payment,crash",
          "--kill-tasks=1000",
          "--kill-rate=200",
          "--kill-every=2s",
          "--kills=1",
          "--payment-tenants=24",
          "--payment-kills=1",
          "--payment-kill-every=3s",
          "--crashes=1",
          "--crash-tasks=100");

  private FaultSuite() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> options = options(args);
    if (options.containsKey("help")) {
      System.out.println(
          "tools/faults/run.sh [--smoke] [--scenarios="
              + String.join(",", SCENARIOS.keySet())
              + "]"
              + " [--kill-tasks=20000] [--kill-rate=400] [--kill-every=3s] [--kills=N]"
              + " [--redis-outage=30s] [--baseline=60s] [--hold=120s] [--rate=200]"
              + " [--payment-tenants=120] [--payment-kills=8] [--payment-kill-every=6s]"
              + " [--crash-tasks=500] [--crashes=3] [--commit-batch=1]"
              + " [--work-dir=tools/faults/target/run]\n"
              + "  --smoke: "
              + String.join(" ", SMOKE)
              + ", in well under a minute (explicit options still win)");
      return;
    }
    if (options.containsKey("smoke")) {
      options(SMOKE.toArray(String[]::new)).forEach(options::putIfAbsent);
    }
    SuiteContext.Settings settings =
        new SuiteContext.Settings(
            Integer.parseInt(options.getOrDefault("kill-tasks", "20000")),
            Integer.parseInt(options.getOrDefault("kill-rate", "400")),
            duration(options.getOrDefault("kill-every", "3s")),
            Integer.parseInt(options.getOrDefault("kills", String.valueOf(Integer.MAX_VALUE))),
            duration(options.getOrDefault("redis-outage", "30s")),
            duration(options.getOrDefault("hold", "120s")),
            duration(options.getOrDefault("baseline", "60s")),
            Integer.parseInt(options.getOrDefault("rate", "200")),
            Integer.parseInt(options.getOrDefault("payment-tenants", "120")),
            Integer.parseInt(options.getOrDefault("payment-kills", "8")),
            duration(options.getOrDefault("payment-kill-every", "6s")),
            Integer.parseInt(options.getOrDefault("crash-tasks", "500")),
            Integer.parseInt(options.getOrDefault("crashes", "3")),
            Integer.parseInt(options.getOrDefault("commit-batch", "1")));
    List<String> chosen =
        List.of(options.getOrDefault("scenarios", String.join(",", SCENARIOS.keySet())).split(","));
    for (String name : chosen) {
      if (!SCENARIOS.containsKey(name)) {
        throw new IllegalArgumentException(
            "unknown scenario " + name + "; known: " + SCENARIOS.keySet());
      }
    }
    Path workDir = Path.of(options.getOrDefault("work-dir", "tools/faults/target/run"));
    Path logDir = workDir.resolve("logs");

    List<ScenarioResult> results = new ArrayList<>();
    try (PostgresServer postgres = PostgresServer.start(workDir.resolve("pgdata"))) {
      SuiteContext context = new SuiteContext(postgres, logDir, settings);
      for (String name : chosen) {
        Scenario scenario = SCENARIOS.get(name);
        System.out.printf("%s — %s …%n", Instant.now(), scenario.name());
        ScenarioResult result = scenario.run(context);
        results.add(result);
        System.out.println(Summary.render(List.of(result)));
      }
    }
    String summary = Summary.render(results);
    System.out.println();
    System.out.println(summary);
    Files.writeString(workDir.resolve("summary.txt"), summary, StandardCharsets.UTF_8);
    System.out.println(
        "written to " + workDir.resolve("summary.txt") + "; worker logs in " + logDir);
    if (!results.stream().allMatch(ScenarioResult::passed)) {
      System.exit(1);
    }
  }

  static Duration duration(String text) {
    String t = text.trim().toLowerCase();
    if (t.endsWith("ms")) {
      return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
    }
    if (t.endsWith("s")) {
      return Duration.ofSeconds(Long.parseLong(t.substring(0, t.length() - 1)));
    }
    if (t.endsWith("m")) {
      return Duration.ofMinutes(Long.parseLong(t.substring(0, t.length() - 1)));
    }
    return Duration.ofSeconds(Long.parseLong(t));
  }

  private static Map<String, String> options(String[] args) throws IOException {
    Map<String, String> options = new LinkedHashMap<>();
    for (String arg : args) {
      if (!arg.startsWith("--")) {
        throw new IllegalArgumentException("expected --name=value, got " + arg);
      }
      int eq = arg.indexOf('=');
      options.put(
          eq < 0 ? arg.substring(2) : arg.substring(2, eq), eq < 0 ? "" : arg.substring(eq + 1));
    }
    return options;
  }
}
