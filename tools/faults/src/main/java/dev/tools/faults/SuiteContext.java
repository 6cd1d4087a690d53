package dev.tools.faults;

import dev.taskrow.core.Signals;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import javax.sql.DataSource;

/** What every scenario shares: the database server, where workers log, and the knobs. */
record SuiteContext(PostgresServer postgres, Path logDir, Settings settings) {

  /** A fresh database of its own for one scenario, the driver's engine on the given signals. */
  ScenarioDatabase database(String name, Function<DataSource, Signals> signals)
      throws SQLException {
    return new ScenarioDatabase(postgres.createDatabase(name), signals);
  }

  /**
   * Worker processes named prefix-1, prefix-2…, all started with these settings and the suite's
   * commit batch for {@link FaultTask}.
   */
  WorkerFleet fleet(String prefix, List<String> settings) {
    List<String> withBatch = new ArrayList<>(settings);
    withBatch.add("commit-batch=" + this.settings.commitBatch());
    return new WorkerFleet(prefix, logDir, withBatch, FaultWorkerMain.class);
  }

  /** The same, running another worker main class (e.g. {@link PaymentWorkerMain}). */
  WorkerFleet fleet(String prefix, List<String> settings, Class<?> mainClass) {
    return new WorkerFleet(prefix, logDir, settings, mainClass);
  }

  /** The suite's knobs, from the command line. */
  record Settings(
      int killTasks,
      int killRate,
      Duration killEvery,
      int kills,
      Duration redisOutage,
      Duration holdOpen,
      Duration baseline,
      int steadyRate,
      int paymentTenants,
      int paymentKills,
      Duration paymentKillEvery,
      int crashTasks,
      int crashes,
      int commitBatch) {}
}
