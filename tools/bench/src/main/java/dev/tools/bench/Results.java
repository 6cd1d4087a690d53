package dev.tools.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Everything one benchmark run measured, and its rendering as one Markdown table. */
final class Results {
  static final String CEILING = "ceiling";

  private final Map<String, Figure> figures = new LinkedHashMap<>();
  private final List<String> notes = new ArrayList<>();
  private final List<String> diagnostics = new ArrayList<>();
  private final List<String> sections = new ArrayList<>();

  /** The figure named so, created on first use so the table keeps the order of measurement. */
  Figure figure(String workload, String name, String unit, boolean throughput) {
    return figures.computeIfAbsent(
        workload + "\u0000" + name, k -> new Figure(workload, name, unit, throughput));
  }

  /** Every figure, in the order of measurement. */
  java.util.Collection<Figure> figures() {
    return figures.values();
  }

  void note(String note) {
    notes.add(note);
  }

  /** A table of its own (Markdown), printed after the main table. */
  void section(String markdown) {
    sections.add(markdown);
  }

  void diagnostic(String line) {
    diagnostics.add(line);
  }

  /** The physical ceiling: the best single-row UPDATE commit rate measured in this run. */
  double ceiling() {
    return figures.values().stream()
        .filter(f -> f.workload().equals(CEILING) && !f.values().isEmpty())
        .mapToDouble(Figure::median)
        .max()
        .orElse(Double.NaN);
  }

  String render(Map<String, String> header) {
    StringBuilder out = new StringBuilder();
    out.append("# taskrow benchmark\n\n");
    header.forEach((k, v) -> out.append("- ").append(k).append(": ").append(v).append('\n'));
    double ceiling = ceiling();
    out.append('\n');
    out.append("| workload | figure | median | min / max | ÷ ceiling |\n");
    out.append("|---|---|---:|---:|---:|\n");
    for (Figure f : figures.values()) {
      String ratio =
          f.isAgainstCeiling() && !Double.isNaN(ceiling)
              ? String.format(Locale.ROOT, "%.2f", f.median() / ceiling)
              : "";
      out.append("| ")
          .append(f.workload())
          .append(" | ")
          .append(f.name())
          .append(" (")
          .append(f.unit())
          .append(") | ")
          .append(format(f.median(), f.throughput()))
          .append(" | ")
          .append(format(f.min(), f.throughput()))
          .append(" / ")
          .append(format(f.max(), f.throughput()))
          .append(" | ")
          .append(ratio)
          .append(" |\n");
    }
    out.append(
        "| peer, reference | db-scheduler 16.12 drain, no-op (tasks/s) | 9,000–10,600 |  |"
            + " ≈1.0–1.2 of its run's ceiling |\n");
    out.append(
        "| peer, reference | JobRunr 8.7 drain, no-op (tasks/s) | 3,300–3,500 |  |"
            + " ≈0.4 of its run's ceiling |\n");
    out.append(
        "| peer, reference | single-row UPDATE ceiling then (commits/s) | 8,600–9,400 |  |  |\n");
    out.append('\n');
    out.append(
        "Peer rows: measured earlier on this machine kind (2 cores, database on the machine), not"
            + " in this run.\n");
    if (!Double.isNaN(ceiling)) {
      out.append(
          String.format(
              Locale.ROOT,
              "÷ ceiling: the figure's median divided by the best single-row UPDATE commit rate of"
                  + " this run (%,.0f commits/s).%n",
              ceiling));
    }
    sections.forEach(section -> out.append('\n').append(section));
    if (!notes.isEmpty()) {
      out.append("\nNotes:\n");
      notes.forEach(n -> out.append("- ").append(n).append('\n'));
    }
    if (!diagnostics.isEmpty()) {
      out.append("\nDiagnostics (per run):\n\n```\n");
      diagnostics.forEach(d -> out.append(d).append('\n'));
      out.append("```\n");
    }
    return out.toString();
  }

  private static String format(double value, boolean throughput) {
    if (Double.isNaN(value)) {
      return "–";
    }
    return throughput
        ? String.format(Locale.ROOT, "%,.0f", value)
        : String.format(Locale.ROOT, "%.2f", value);
  }
}
