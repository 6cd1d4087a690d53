package dev.taskrow.core;

import java.sql.SQLException;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker's periodic pruning of the registry rows of workers gone for a day (killed or cut off: a
 * worker that stops normally deletes its own row). Runs whether or not finished tasks are pruned.
 */
final class GoneWorkerPruner implements Runnable {
  /** How long the row of a gone worker is kept after its last heartbeat. */
  static final Duration GONE_ROW_RETENTION = Duration.ofDays(1);

  private static final Logger log = LoggerFactory.getLogger(GoneWorkerPruner.class);

  private final Taskrow engine;

  GoneWorkerPruner(Taskrow engine) {
    this.engine = engine;
  }

  @Override
  public void run() {
    try {
      int deleted =
          engine.inEngineStatement(c -> engine.workerRepository().pruneGone(c, GONE_ROW_RETENTION));
      if (deleted > 0) {
        log.info("pruned {} workers gone for more than {}", deleted, GONE_ROW_RETENTION);
      }
    } catch (SQLException | RuntimeException e) {
      log.warn("pruning gone workers failed: {}", e.toString());
    }
  }
}
