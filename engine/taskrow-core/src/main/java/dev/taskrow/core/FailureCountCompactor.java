package dev.taskrow.core;

import java.sql.SQLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker's periodic folding of the failure deltas into the per-hour failure counts (ADR 0017), so
 * they stay few even when nobody reads the failure groups (each read folds them too). Runs whether
 * or not finished tasks are pruned.
 */
final class FailureCountCompactor implements Runnable {
  private static final Logger log = LoggerFactory.getLogger(FailureCountCompactor.class);

  private final Taskrow engine;

  FailureCountCompactor(Taskrow engine) {
    this.engine = engine;
  }

  @Override
  public void run() {
    try {
      engine.compactFailureCounts();
    } catch (SQLException | RuntimeException e) {
      log.warn("folding failure counts failed: {}", e.toString());
    }
  }
}
