package dev.taskrow.spring;

import dev.taskrow.core.TaskStatus;
import dev.taskrow.core.Taskrow;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Duration;
import java.util.Map;

/**
 * Gauge {@code taskrow.queue.depth} (PENDING tasks, tagged by queue) for every queue of a
 * registered kind. All gauges read one snapshot of {@link Taskrow#activeCounts()}, refreshed at
 * most once per {@code refreshInterval}, so frequent scrapes and many queues cost one query now and
 * then.
 */
public class QueueDepthMetrics implements MeterBinder {
  private final Taskrow taskrow;
  private final CachedReading<Map<String, Map<TaskStatus, Long>>> counts;

  public QueueDepthMetrics(Taskrow taskrow, Duration refreshInterval) {
    this.taskrow = taskrow;
    this.counts = new CachedReading<>("queue depth", taskrow::activeCounts, refreshInterval);
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    for (String queue : taskrow.queues()) {
      Gauge.builder("taskrow.queue.depth", this, metrics -> metrics.pending(queue))
          .description("PENDING tasks in the queue, delayed ones included")
          .tag("queue", queue)
          .register(registry);
    }
  }

  /** PENDING tasks of the queue as of the last snapshot; NaN until one could be read. */
  double pending(String queue) {
    return counts
        .get()
        .map(c -> (double) c.getOrDefault(queue, Map.of()).getOrDefault(TaskStatus.PENDING, 0L))
        .orElse(Double.NaN);
  }
}
