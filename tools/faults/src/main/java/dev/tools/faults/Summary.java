package dev.tools.faults;

import java.util.List;

/** The table the suite ends with: one line per scenario, then each scenario's own figures. */
final class Summary {
  private Summary() {}

  static String render(List<ScenarioResult> results) {
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            "%-40s %7s %5s %10s %6s %10s  %s%n",
            "scenario", "tasks", "lost", "duplicated", "stuck", "recovery", "verdict"));
    long tasks = 0;
    long lost = 0;
    long duplicated = 0;
    long stuck = 0;
    long longest = 0;
    for (ScenarioResult r : results) {
      ScenarioDatabase.Audit a = r.audit();
      out.append(
          String.format(
              "%-40s %7d %5d %10d %6d %10s  %s%n",
              r.name(),
              a.tasks(),
              a.lost(),
              a.duplicated(),
              a.stuck(),
              r.longestRecovery() == null ? "-" : r.longestRecovery().toMillis() + " ms",
              r.passed() ? "ok" : "FAILED"));
      tasks += a.tasks();
      lost += a.lost();
      duplicated += a.duplicated();
      stuck += a.stuck();
      if (r.longestRecovery() != null) {
        longest = Math.max(longest, r.longestRecovery().toMillis());
      }
    }
    if (results.size() > 1) {
      out.append(
          String.format(
              "%-40s %7d %5d %10d %6d %10s%n",
              "all", tasks, lost, duplicated, stuck, longest + " ms"));
    }
    for (ScenarioResult r : results) {
      out.append(System.lineSeparator())
          .append(r.name())
          .append(':')
          .append(System.lineSeparator());
      r.figures().forEach(f -> out.append("  ").append(f).append(System.lineSeparator()));
    }
    return out.toString();
  }
}
