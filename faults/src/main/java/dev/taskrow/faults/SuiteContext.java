package dev.taskrow.faults;

import java.nio.file.Path;
import java.time.Duration;

/** What every scenario shares: the database server, where workers log, and the knobs. */
record SuiteContext(PostgresServer postgres, Path logDir, Settings settings) {

  /** The suite's knobs, from the command line. */
  record Settings(
      int killTasks,
      Duration killEvery,
      Duration redisOutage,
      Duration holdOpen,
      Duration baseline,
      int steadyRate) {}
}
