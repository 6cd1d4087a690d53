package dev.taskrow.core;

import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker's periodic lease sweep over its queues. A row whose lease expired with attempts left
 * needs nothing: the next claim takes it over as a rescue. One whose lease expired on its last
 * allowed attempt is never claimed again, so the sweep closes it FAILED(LEASE_EXPIRED). One
 * statement covers all the worker's queues, however many there are.
 */
final class ExpiredLeaseSweeper implements Runnable {
  private static final Logger log = LoggerFactory.getLogger(ExpiredLeaseSweeper.class);

  private final Taskrow engine;
  private final String[] queues;

  ExpiredLeaseSweeper(Taskrow engine, List<String> queues) {
    this.engine = engine;
    this.queues = queues.toArray(String[]::new);
  }

  @Override
  public void run() {
    try {
      sweep();
    } catch (SQLException | RuntimeException e) {
      log.warn("lease sweep of queues {} failed: {}", List.of(queues), e.toString());
    }
  }

  private void sweep() throws SQLException {
    List<TaskEvent> expired =
        engine.inEngineTransaction(
            tx -> {
              List<TaskEvent> rows = engine.repository().expireLeases(tx.connection(), queues);
              engine.announceChanges(
                  tx,
                  rows.stream()
                      .map(e -> new TaskChange(e.taskId(), e.queue(), TaskStatus.FAILED))
                      .toList());
              return rows;
            });
    for (TaskEvent event : expired) {
      log.warn(
          "task {} ({}) FAILED(LEASE_EXPIRED): its worker died or hung on the last attempt ({})",
          event.taskId(),
          event.kind(),
          event.attempt());
      engine.listeners().onFailed(event, ErrorCodes.LEASE_EXPIRED, Duration.ZERO);
    }
  }
}
