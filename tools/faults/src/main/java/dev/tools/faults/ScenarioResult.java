package dev.tools.faults;

import java.time.Duration;
import java.util.List;

/**
 * What one scenario found: the audit, the longest time any task waited for a new owner after the
 * fault (null where the scenario has no such moment), and the scenario's own figures.
 */
record ScenarioResult(
    String name, ScenarioDatabase.Audit audit, Duration longestRecovery, List<String> figures) {

  boolean passed() {
    return audit.lost() == 0 && audit.duplicated() == 0 && audit.stuck() == 0;
  }
}
