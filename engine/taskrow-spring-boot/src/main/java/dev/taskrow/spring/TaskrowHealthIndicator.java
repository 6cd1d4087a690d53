package dev.taskrow.spring;

import dev.taskrow.core.RegisteredWorker;
import dev.taskrow.core.TaskStatus;
import dev.taskrow.core.Taskrow;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import javax.sql.DataSource;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * {@code taskrow} health: DOWN when the database cannot be reached, UP otherwise, with what an
 * operator looks at first: is the worker running, how long has the oldest due task waited, how many
 * tasks each queue holds per status, which queues are paused, and the workers of every instance
 * (alive or gone).
 */
public class TaskrowHealthIndicator extends AbstractHealthIndicator {
  private final Taskrow taskrow;
  private final DataSource dataSource;
  private final TaskrowWorkerLifecycle worker;

  /**
   * @param worker null when this process runs no worker ({@code taskrow.worker.enabled=false})
   */
  public TaskrowHealthIndicator(
      Taskrow taskrow, DataSource dataSource, TaskrowWorkerLifecycle worker) {
    super("taskrow health check failed");
    this.taskrow = taskrow;
    this.dataSource = dataSource;
    this.worker = worker;
  }

  @Override
  protected void doHealthCheck(Health.Builder builder) throws Exception {
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute("select 1");
    }
    builder.up().withDetail("database", "reachable").withDetail("worker", workerState());
    if (worker != null && worker.isWorkerAlive()) {
      builder.withDetail("queues", worker.queues());
    }
    Optional<Duration> oldest = taskrow.oldestPendingAge();
    builder.withDetail("oldestPendingAge", oldest.map(Duration::toString).orElse("none"));
    builder.withDetail("activeCounts", counts(taskrow.activeCounts()));
    builder.withDetail("pausedQueues", taskrow.pausedQueues());
    builder.withDetail("workers", workers(taskrow.workers()));
  }

  private String workerState() {
    if (worker == null) {
      return "disabled";
    }
    if (worker.isWorkerAlive()) {
      return "running";
    }
    return worker.isRunning() ? "idle (no handlers)" : "stopped";
  }

  /** The registry's workers, as plain JSON values in a fixed order. */
  private static List<Map<String, Object>> workers(List<RegisteredWorker> workers) {
    return workers.stream()
        .map(
            w -> {
              Map<String, Object> worker = new LinkedHashMap<>();
              worker.put("id", w.id());
              worker.put("host", w.host());
              worker.put("pid", w.pid());
              worker.put("queues", w.queues());
              worker.put("startedAt", w.startedAt().toString());
              worker.put("lastHeartbeatAt", w.lastHeartbeatAt().toString());
              worker.put("running", w.running());
              worker.put("draining", w.draining());
              worker.put("alive", w.alive());
              return worker;
            })
        .toList();
  }

  /** Sorted, with status names as plain keys, so the JSON reads the same on every call. */
  private static Map<String, Map<String, Long>> counts(Map<String, Map<TaskStatus, Long>> counts) {
    Map<String, Map<String, Long>> sorted = new TreeMap<>();
    counts.forEach(
        (queue, byStatus) -> {
          Map<String, Long> statuses = new TreeMap<>();
          byStatus.forEach((status, count) -> statuses.put(status.name(), count));
          sorted.put(queue, statuses);
        });
    return sorted;
  }
}
