package dev.taskrow.core;

import java.sql.SQLException;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker's periodic pruning of finished tasks older than the retention, in batches of rows so no
 * long lock or transaction builds up (see {@link Taskrow#prune}).
 */
final class FinishedTaskPruner implements Runnable {
  private static final Logger log = LoggerFactory.getLogger(FinishedTaskPruner.class);
  private static final int ROWS_PER_TRANSACTION = 1000;

  private final Taskrow engine;
  private final Duration retention;

  FinishedTaskPruner(Taskrow engine, Duration retention) {
    this.engine = engine;
    this.retention = retention;
  }

  @Override
  public void run() {
    try {
      int deleted = engine.prune(retention, ROWS_PER_TRANSACTION);
      if (deleted > 0) {
        log.info("pruned {} finished tasks older than {}", deleted, retention);
      }
    } catch (SQLException | RuntimeException e) {
      log.warn("pruning finished tasks failed: {}", e.toString());
    }
  }
}
