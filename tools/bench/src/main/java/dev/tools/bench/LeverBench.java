package dev.tools.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code --workloads=lever}: issue #19's steady-latency and transactional-drain aims in one run.
 * The steady workload at {@code --steady-rate} and three times it, for taskrow woken by
 * LISTEN/NOTIFY and in-process, each with claims and heartbeats committing without the WAL flush
 * (the default, ADR 0012) and with every claim durable, beside db-scheduler's immediate execution;
 * then the transactional drain (one commit per task) with the lever on and off, and the server's
 * single-row commit ceiling. Interleaved run by run, medians, the ratios printed.
 */
final class LeverBench {
  private static final String DB_SCHEDULER = "db-scheduler";

  private final Options options;
  private final Database database;
  private final LocalDateTime startedAt;
  private final Map<String, String> header;

  LeverBench(
      Options options, Database database, LocalDateTime startedAt, Map<String, String> header) {
    this.options = options;
    this.database = database;
    this.startedAt = startedAt;
    this.header = header;
  }

  void run() throws Exception {
    int[] rates = {options.steadyRate(), options.steadyRate() * 3};
    header.put(
        "settings",
        String.format(
            Locale.ROOT,
            "runs %d; steady %d and %d submits/s for %d s each; transactional drain %,d tasks at"
                + " concurrency %d; ceiling %d s per measurement",
            options.runs(),
            rates[0],
            rates[1],
            options.steadyDuration().toSeconds(),
            options.transactionalTasks(),
            options.transactionalConcurrency(),
            options.ceilingDuration().toSeconds()));
    header.forEach((k, v) -> System.out.println(k + ": " + v));
    List<Peer> steadyPeers = new ArrayList<>();
    steadyPeers.add(new TaskrowPeer(database, options, SignalsChoice.POSTGRES, true, false, true));
    steadyPeers.add(new TaskrowPeer(database, options, SignalsChoice.POSTGRES, true, false, false));
    if (options.redisUrl() != null) {
      // The other cross-process signal: Pub/Sub off the database, beside NOTIFY through it.
      steadyPeers.add(new TaskrowPeer(database, options, SignalsChoice.REDIS, true, false, false));
    }
    steadyPeers.add(
        new TaskrowPeer(database, options, SignalsChoice.POSTGRES, false, false, false));
    steadyPeers.add(
        new TaskrowPeer(database, options, SignalsChoice.IN_PROCESS, true, false, false));
    steadyPeers.add(
        new TaskrowPeer(database, options, SignalsChoice.IN_PROCESS, false, false, false));
    steadyPeers.add(new DbSchedulerPeer(database));
    List<Peer> drainPeers =
        List.of(
            new TaskrowPeer(database, options, SignalsChoice.POSTGRES, true, true),
            new TaskrowPeer(database, options, SignalsChoice.POSTGRES, false, true));
    Peer.Mode steady = new Peer.Mode(0, 0);
    Results ceilingResults = new Results();
    CeilingWorkload ceiling = new CeilingWorkload(database, options.ceilingDuration());
    ceiling.prepare(ceilingResults);
    PeerWorkload.warmUp(database, steadyPeers, steadyPeers, options.tasks(), rates[0]);
    PeerTable table = new PeerTable();
    PeerWorkload workload = new PeerWorkload(table, database);
    for (int run = 1; run <= options.runs(); run++) {
      // Each run starts with the next engine: none is always the first after the ceiling.
      List<Peer> steadyOrder = new ArrayList<>(steadyPeers);
      Collections.rotate(steadyOrder, -(run - 1));
      for (int rate : rates) {
        for (Peer peer : steadyOrder) {
          workload.steady(peer, steadyName(rate), steady, rate, options.steadyDuration(), run);
        }
      }
      // Lever on first in odd runs, durable claims first in even ones: neither gains from its
      // place after the steady workloads (their rows vacuumed, caches warm) in every run.
      List<Peer> drainOrder = new ArrayList<>(drainPeers);
      if (run % 2 == 0) {
        Collections.reverse(drainOrder);
      }
      for (Peer peer : drainOrder) {
        workload.transactionalDrain(
            peer, options.transactionalTasks(), options.transactionalConcurrency(), run);
      }
      ceiling.run(ceilingResults, run);
    }
    for (Peer peer : steadyPeers) {
      peer.reset();
      peer.close();
    }
    for (Peer peer : drainPeers) {
      peer.reset();
      peer.close();
    }
    String report = render(table, ceilingResults);
    System.out.println();
    System.out.println(report);
    Path file = options.reportFile("lever", startedAt);
    Files.createDirectories(file.getParent());
    Files.writeString(file, report);
    System.out.println("Written to " + file.toAbsolutePath());
  }

  private static String steadyName(int rate) {
    return String.format(Locale.ROOT, "steady %,d/s", rate);
  }

  private String render(PeerTable table, Results ceilingResults) {
    StringBuilder out = new StringBuilder("# taskrow's latency levers, side by side\n\n");
    header.forEach((k, v) -> out.append("- ").append(k).append(": ").append(v).append('\n'));
    double best = ceilingResults.ceiling();
    out.append(
        "\n| workload | engine | tasks/s | p50 ms | p99 ms | p50 ÷ db-scheduler |"
            + " p99 ÷ db-scheduler | p50 / p99 from the schedule, ms | submit call p50 ms (floor) |"
            + " p50 ÷ floor | tasks/s ÷ ceiling | DB CPU (cores) |\n");
    out.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    List<PeerTable.Row> rows = table.rows();
    for (PeerTable.Row r : rows) {
      PeerTable.Row peer =
          rows.stream()
              .filter(o -> o.workload.equals(r.workload) && o.engine.startsWith(DB_SCHEDULER))
              .findFirst()
              .orElse(null);
      Function<List<Double>, Double> median = v -> v.isEmpty() ? Double.NaN : Stats.median(v);
      double tps = median.apply(r.throughput);
      boolean drain = r.p50.isEmpty();
      out.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
              r.workload,
              r.engine,
              format(tps, "%,.0f"),
              spread(r.p50),
              spread(r.p99),
              peer == null || drain
                  ? ""
                  : format(median.apply(r.p50) / median.apply(peer.p50), "%.2f"),
              peer == null || drain
                  ? ""
                  : format(median.apply(r.p99) / median.apply(peer.p99), "%.2f"),
              PeerTable.fromSchedule(r),
              drain ? "" : format(median.apply(r.submitP50), "%.2f"),
              drain ? "" : format(median.apply(r.p50) / median.apply(r.submitP50), "%.2f"),
              drain ? format(tps / best, "%.2f") : "",
              format(median.apply(r.databaseCpu), "%.2f")));
    }
    for (Figure f : ceilingResults.figures()) {
      out.append(
          String.format(
              Locale.ROOT,
              "| ceiling | %s (commits/s) | %s |  |  |  |  |  |  |  |  |  |%n",
              f.name(),
              format(f.median(), "%,.0f")));
    }
    out.append(
        "\np50/p99: submit → handler start, medians of the runs (min–max in brackets). The floor of"
            + " submit → start is one durable submit commit: the submit call's own p50 (its INSERT"
            + " and COMMIT, timed around the call in the same run); p50 ÷ floor is how far above"
            + " it each engine starts its handler. From the schedule: from the time each submit was"
            + " due in the open loop, so a submit that waited for a free submitter thread (every"
            + " one busy in slower submits) counts that wait: above p50/p99 when an engine did not"
            + " keep up with the offered rate.\n");
    out.append("\nConfigurations:\n");
    List<String> seen = new ArrayList<>();
    for (PeerTable.Row r : rows) {
      if (!seen.contains(r.engine)) {
        seen.add(r.engine);
        out.append("- ").append(r.engine).append(": ").append(r.configuration).append('\n');
      }
    }
    out.append("\nDiagnostics (per run):\n\n```\n");
    table.diagnostics().forEach(d -> out.append(d).append('\n'));
    out.append("```\n");
    return out.toString();
  }

  private static String spread(List<Double> values) {
    if (values.isEmpty()) {
      return "";
    }
    return String.format(
        Locale.ROOT,
        "%.2f (%.2f–%.2f)",
        Stats.median(values),
        values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN),
        values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN));
  }

  private static String format(double value, String pattern) {
    return Double.isNaN(value) || Double.isInfinite(value)
        ? "–"
        : String.format(Locale.ROOT, pattern, value);
  }
}
