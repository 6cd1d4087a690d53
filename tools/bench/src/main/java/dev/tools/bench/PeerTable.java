package dev.tools.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The side-by-side figures: one row per workload and engine, medians over the runs. */
final class PeerTable {
  /** One engine on one workload; a value per run. */
  static final class Row {
    final String workload;
    final String engine;
    final String configuration;
    final List<Double> throughput = new ArrayList<>();
    final List<Double> p50 = new ArrayList<>();
    final List<Double> p99 = new ArrayList<>();
    // How long the submit call itself took (its INSERT and durable COMMIT), p50: the floor of
    // submit → start for any engine that keeps the task in the database.
    final List<Double> submitP50 = new ArrayList<>();
    // Open loop: from the time each submit was due, so a submit that waited for one of the bench's
    // submitter threads (all busy in slower submits) counts that wait. Equal to p50/p99 while the
    // engine keeps up; above them when it does not (coordinated omission, otherwise hidden).
    final List<Double> scheduledP50 = new ArrayList<>();
    final List<Double> scheduledP99 = new ArrayList<>();
    final List<Double> databaseCpu = new ArrayList<>();
    final List<Double> javaCpu = new ArrayList<>();
    final List<String> problems = new ArrayList<>();

    Row(String workload, String engine, String configuration) {
      this.workload = workload;
      this.engine = engine;
      this.configuration = configuration;
    }
  }

  /** "p50 / p99" from the schedule, medians of the runs; empty for a drain. */
  static String fromSchedule(Row r) {
    if (r.scheduledP50.isEmpty()) {
      return "";
    }
    return format(Stats.median(r.scheduledP50), "%.1f")
        + " / "
        + format(Stats.median(r.scheduledP99), "%.1f");
  }

  private final Map<String, Row> rows = new LinkedHashMap<>();
  private final List<String> diagnostics = new ArrayList<>();

  Row row(String workload, Peer peer, String configuration) {
    return rows.computeIfAbsent(
        workload + "\u0000" + peer.name(), k -> new Row(workload, peer.name(), configuration));
  }

  void diagnostic(String line) {
    diagnostics.add(line);
  }

  /** Every row, in the order first measured. */
  List<Row> rows() {
    return List.copyOf(rows.values());
  }

  List<String> diagnostics() {
    return List.copyOf(diagnostics);
  }

  String render(Map<String, String> header, Results ceiling, List<String> notes) {
    StringBuilder out = new StringBuilder("# taskrow and its peers, side by side\n\n");
    header.forEach((k, v) -> out.append("- ").append(k).append(": ").append(v).append('\n'));
    double best = ceiling.ceiling();
    out.append('\n');
    out.append(
        "| workload | engine | tasks/s | ÷ taskrow | p50 ms | p99 ms | p99 ÷ taskrow | p50 / p99"
            + " from the schedule, ms | DB CPU (cores) | JVM CPU (cores) | tasks/s ÷ ceiling |\n");
    out.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (Row r : rows.values()) {
      Row taskrow = rows.get(r.workload + "\u0000taskrow");
      double tps = Stats.median(r.throughput);
      double p99 = Stats.median(r.p99);
      out.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
              r.workload,
              r.engine,
              format(tps, "%,.0f"),
              taskrow == null ? "" : format(tps / Stats.median(taskrow.throughput), "%.2f"),
              format(Stats.median(r.p50), "%.1f"),
              format(p99, "%.1f"),
              taskrow == null || r.p99.isEmpty()
                  ? ""
                  : format(p99 / Stats.median(taskrow.p99), "%.2f"),
              fromSchedule(r),
              format(Stats.median(r.databaseCpu), "%.2f"),
              format(Stats.median(r.javaCpu), "%.2f"),
              r.workload.equals(PeerWorkload.DRAIN) && !Double.isNaN(best)
                  ? format(tps / best, "%.2f")
                  : ""));
    }
    for (Figure f : ceiling.figures()) {
      out.append(
          String.format(
              Locale.ROOT,
              "| %s | %s (%s) | %s |  |  |  |  |  |  |  | %s |%n",
              f.workload(),
              f.name(),
              f.unit(),
              format(f.median(), "%,.0f"),
              f.isAgainstCeiling() && !Double.isNaN(best)
                  ? format(f.median() / best, "%.2f")
                  : ""));
    }
    out.append('\n');
    out.append(
        "tasks/s: drain = tasks ÷ (worker start → last success committed); steady = tasks started"
            + " ÷ (first submit → last start), i.e. whether the engine kept up with the offered"
            + " rate. p50/p99: submit → handler start; from the schedule: from the time the"
            + " submit was due in the open loop, which also counts a submit's wait for a free"
            + " submitter thread when an engine falls behind. ÷ taskrow: the engine's median over"
            + " taskrow's (throughput: higher is better; p99: lower is better). DB CPU: every"
            + " postgres process, in cores, over the measurement.\n");
    out.append("\nConfigurations:\n");
    for (Row r : rows.values()) {
      out.append("- ")
          .append(r.workload)
          .append(", ")
          .append(r.engine)
          .append(": ")
          .append(r.configuration)
          .append('\n');
    }
    List<String> problems = new ArrayList<>();
    rows.values()
        .forEach(
            r -> r.problems.forEach(p -> problems.add(r.workload + ", " + r.engine + ": " + p)));
    if (!problems.isEmpty() || !notes.isEmpty()) {
      out.append("\nNotes:\n");
      notes.forEach(n -> out.append("- ").append(n).append('\n'));
      problems.forEach(p -> out.append("- ").append(p).append('\n'));
    }
    out.append("\nDiagnostics (per run):\n\n```\n");
    diagnostics.forEach(d -> out.append(d).append('\n'));
    out.append("```\n");
    return out.toString();
  }

  private static String format(double value, String pattern) {
    return Double.isNaN(value) || Double.isInfinite(value)
        ? "–"
        : String.format(Locale.ROOT, pattern, value);
  }
}
