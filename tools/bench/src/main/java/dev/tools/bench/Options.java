package dev.tools.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The command line: {@code --key=value} pairs only, so the command in the README stays one line.
 * Unknown keys fail fast: a typo must not silently run the defaults for minutes.
 */
record Options(
    int tasks,
    int transactionalTasks,
    int runs,
    Set<String> workloads,
    int concurrency,
    int batch,
    int completionBatch,
    int transactionalConcurrency,
    int submitBatch,
    int latencySamples,
    Duration ceilingDuration,
    Duration steadyDuration,
    int steadyRate,
    int ioConcurrency,
    int ioMillis,
    String jdbcUrl,
    String redisUrl,
    String user,
    String password,
    String outDir,
    int importRows,
    int parseRows,
    boolean smoke,
    List<Integer> retained,
    List<IndexSet> indexSets,
    List<Integer> backlog,
    List<Integer> processes,
    List<Integer> queues,
    List<Integer> dashboardRows,
    int dashboardSamples,
    boolean serverStatements) {

  static final Set<String> ALL_WORKLOADS =
      Set.of(
          "drain",
          "latency",
          "ceiling",
          "peers",
          "lever",
          "import",
          "retained",
          "backlog",
          "processes",
          "queues",
          "dashboard");

  private static final Set<String> KEYS =
      Set.of(
          "tasks",
          "transactional-tasks",
          "runs",
          "workloads",
          "concurrency",
          "batch",
          "completion-batch",
          "tx-concurrency",
          "submit-batch",
          "latency-samples",
          "ceiling-seconds",
          "steady-seconds",
          "steady-rate",
          "io-concurrency",
          "io-millis",
          "jdbc-url",
          "redis-url",
          "user",
          "password",
          "out-dir",
          "import-rows",
          "parse-rows",
          "smoke",
          "retained",
          "backlog",
          "processes",
          "queues",
          "dashboard-rows",
          "dashboard-samples",
          "index-sets",
          "server-statements",
          "help");

  /**
   * {@code --smoke}: the same workloads on tiny sizes, one run, in seconds — so CI can prove the
   * command works without taking minutes. Options given explicitly still win.
   */
  private static final Map<String, String> SMOKE =
      Map.ofEntries(
          Map.entry("tasks", "2000"),
          Map.entry("runs", "1"),
          Map.entry("concurrency", "200"),
          Map.entry("batch", "100"),
          Map.entry("latency-samples", "20"),
          Map.entry("ceiling-seconds", "1"),
          Map.entry("steady-seconds", "2"),
          Map.entry("steady-rate", "200"),
          Map.entry("io-concurrency", "50"),
          Map.entry("import-rows", "40"),
          Map.entry("parse-rows", "2000"),
          Map.entry("retained", "1000,10000"),
          Map.entry("backlog", "0,10000"),
          Map.entry("processes", "1,2"),
          Map.entry("queues", "1,10"),
          Map.entry("dashboard-rows", "1000,10000"),
          Map.entry("dashboard-samples", "5"));

  static final String USAGE =
      """
      Usage: tools/bench/run.sh [--key=value ...]
        --smoke                     seconds, not minutes: the same workloads on tiny sizes, one run
                                    (tasks 2000, latency samples 20, ceiling 1 s, import 40 rows…);
                                    the figures prove the command works, they are not measurements
        --tasks=100000              no-op tasks per drain run
        --transactional-tasks=N     tasks per transactional drain run (default tasks/5: one commit each)
        --runs=3                    repetitions; the table reports the median
        --workloads=drain,latency,ceiling   or --workloads=peers: taskrow, db-scheduler and JobRunr
                                    side by side (drain, steady, steady with an I/O handler) + ceiling;
                                    or --workloads=lever: steady at --steady-rate and 3x it, taskrow's
                                    claim-commit lever on/off beside db-scheduler, transactional drain
                                    on/off, ceiling;
                                    or --workloads=import: the Excel import against a fake AI
                                    (200 ms a call, 16 at once) and a large parse in -Xmx256m
        --concurrency=1000          worker concurrency for the drain
        --batch=500                 tasks claimed per statement in the drain
        --completion-batch=1000     successes recorded per statement in the drain
        --tx-concurrency=32         worker concurrency for the transactional drain (one connection each)
        --submit-batch=1000         tasks per submitAll transaction
        --latency-samples=500       submits per latency variant and run
        --ceiling-seconds=10        duration of each single-row UPDATE ceiling measurement
        --steady-seconds=60         peers: duration of each steady workload
        --steady-rate=1000          peers: submits per second in the steady workloads
        --io-concurrency=200        peers: worker concurrency with the I/O handler
        --io-millis=50              peers: how long the I/O handler waits
        --jdbc-url=... --user=... --password=...   an external server instead of the embedded one
        --redis-url=redis://127.0.0.1:6379   lever: also taskrow with Redis signals, through the table
        --import-rows=2000          import: rows of the imported sheet (two AI calls each)
        --parse-rows=100000         import: rows of the sheet parsed in -Xmx256m
        --workloads=retained        the drain with finished rows kept in the table, one row per size
        --retained=100000,1000000   retained: the sizes, ascending (10000000 takes long to generate)
        --workloads=backlog         the drain with PENDING rows waiting in another queue, per size
        --backlog=0,1000000         backlog: the sizes, ascending from 0
        --workloads=processes       the drain by 1, 2 and 4 worker JVMs on the same database
        --processes=1,2,4           processes: how many worker JVMs, ascending
        --workloads=queues          the drain spread over 1 and 100 queues of one worker
        --queues=1,100              queues: how many queues, ascending
        --workloads=dashboard       the dashboard's queries (search, counts, failure groups) per size
        --dashboard-rows=100000,1000000,10000000   dashboard: table sizes, ascending, each generated
        --dashboard-samples=200     dashboard: calls of each query per size (p50 / p99 of them)
        --index-sets=v7,v9,v10      drain: each run drains once per set of finished-row indexes
                                    (before V8, V8's, V9's, the rejected V10 option's),
                                    interleaved: the A/B of ADRs 0007 and 0011; v9-uncounted:
                                    V9's without the failure-count triggers (ADR 0017); active:
                                    V9's and an index over the active rows in created order
        --server-statements         processes: the embedded server loads pg_stat_statements and
                                    each timed drain prints what its statements cost the server,
                                    per task (it costs the server a little, so it is off by default)
        --out-dir=bench-results     where the Markdown report goes
      """;

  static Options parse(String[] args) {
    Map<String, String> values = new HashMap<>();
    for (String arg : args) {
      if (!arg.startsWith("--")) {
        throw new IllegalArgumentException("expected --key=value, got: " + arg);
      }
      int eq = arg.indexOf('=');
      String key = eq < 0 ? arg.substring(2) : arg.substring(2, eq);
      if (!KEYS.contains(key)) {
        throw new IllegalArgumentException("unknown option --" + key);
      }
      values.put(key, eq < 0 ? "true" : arg.substring(eq + 1));
    }
    if (values.containsKey("help")) {
      return null;
    }
    boolean smoke = values.containsKey("smoke");
    if (smoke) {
      SMOKE.forEach(values::putIfAbsent);
    }
    int tasks = intValue(values, "tasks", 100_000);
    Set<String> workloads =
        new LinkedHashSet<>(
            Arrays.asList(values.getOrDefault("workloads", "drain,latency,ceiling").split(",")));
    for (String workload : workloads) {
      if (!ALL_WORKLOADS.contains(workload)) {
        throw new IllegalArgumentException("unknown workload: " + workload);
      }
    }
    Options options =
        new Options(
            tasks,
            intValue(values, "transactional-tasks", Math.max(1, tasks / 5)),
            intValue(values, "runs", 3),
            workloads,
            intValue(values, "concurrency", 1000),
            intValue(values, "batch", 500),
            intValue(values, "completion-batch", 1000),
            intValue(values, "tx-concurrency", 32),
            intValue(values, "submit-batch", 1000),
            intValue(values, "latency-samples", 500),
            Duration.ofSeconds(intValue(values, "ceiling-seconds", 10)),
            Duration.ofSeconds(intValue(values, "steady-seconds", 60)),
            intValue(values, "steady-rate", 1000),
            intValue(values, "io-concurrency", 200),
            intValue(values, "io-millis", 50),
            values.get("jdbc-url"),
            values.get("redis-url"),
            values.getOrDefault("user", "postgres"),
            values.getOrDefault("password", ""),
            values.getOrDefault("out-dir", "bench-results"),
            intValue(values, "import-rows", 2_000),
            intValue(values, "parse-rows", 100_000),
            smoke,
            sizes("retained", values.getOrDefault("retained", "100000,1000000")),
            values.containsKey("index-sets")
                ? Arrays.stream(values.get("index-sets").split(",")).map(IndexSet::named).toList()
                : List.of(),
            sizes("backlog", values.getOrDefault("backlog", "0,1000000"), 0),
            sizes("processes", values.getOrDefault("processes", "1,2,4")),
            sizes("queues", values.getOrDefault("queues", "1,100")),
            sizes(
                "dashboard-rows", values.getOrDefault("dashboard-rows", "100000,1000000,10000000")),
            intValue(values, "dashboard-samples", 200),
            values.containsKey("server-statements"));
    if (options.batch > options.concurrency) {
      // The worker never claims more than its free capacity: a larger batch would be misreported.
      throw new IllegalArgumentException("--batch must not exceed --concurrency");
    }
    return options;
  }

  /**
   * Where a report of this run goes: {@code <out-dir>/<kind>-<start time>.md}, a smoke run's marked
   * {@code -smoke} so it is never taken for a measurement.
   */
  Path reportFile(String kind, LocalDateTime startedAt) {
    return Path.of(outDir)
        .resolve(
            kind
                + "-"
                + startedAt.format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))
                + (smoke ? "-smoke" : "")
                + ".md");
  }

  private static List<Integer> sizes(String option, String text) {
    return sizes(option, text, 1);
  }

  /** Sizes from {@code smallest} up, strictly ascending. */
  private static List<Integer> sizes(String option, String text, int smallest) {
    List<Integer> sizes = new ArrayList<>();
    for (String part : text.split(",")) {
      int size = Integer.parseInt(part.strip().replace("_", ""));
      if (size < smallest || (!sizes.isEmpty() && size <= sizes.getLast())) {
        throw new IllegalArgumentException(
            "--"
                + option
                + (smallest == 0
                    ? " must be sizes from 0, ascending"
                    : " must be positive sizes, ascending"));
      }
      sizes.add(size);
    }
    return List.copyOf(sizes);
  }

  private static int intValue(Map<String, String> values, String key, int fallback) {
    String value = values.get(key);
    if (value == null) {
      return fallback;
    }
    int parsed = Integer.parseInt(value.replace("_", ""));
    if (parsed < 1) {
      throw new IllegalArgumentException("--" + key + " must be positive");
    }
    return parsed;
  }
}
