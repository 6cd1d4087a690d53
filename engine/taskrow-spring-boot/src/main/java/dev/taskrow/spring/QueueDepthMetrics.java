package dev.taskrow.spring;

import dev.taskrow.core.TaskStatus;
import dev.taskrow.core.Taskrow;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gauge {@code taskrow.queue.depth} (PENDING tasks, tagged by queue) for every queue of a
 * registered kind. All gauges read one snapshot of {@link Taskrow#activeCounts()}, refreshed at
 * most once per {@code refreshInterval}, so frequent scrapes and many queues cost one query now and
 * then.
 */
public class QueueDepthMetrics implements MeterBinder {
  private static final Logger log = LoggerFactory.getLogger(QueueDepthMetrics.class);
  private final Taskrow taskrow;
  private final long refreshNanos;
  private Map<String, Map<TaskStatus, Long>> snapshot = Map.of();
  private long refreshedAt;
  private boolean loaded;

  public QueueDepthMetrics(Taskrow taskrow, Duration refreshInterval) {
    this.taskrow = taskrow;
    this.refreshNanos = refreshInterval.toNanos();
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    Set<String> queues = new TreeSet<>();
    taskrow.kinds().forEach(kind -> queues.add(kind.queue()));
    for (String queue : queues) {
      Gauge.builder("taskrow.queue.depth", this, metrics -> metrics.pending(queue))
          .description("PENDING tasks in the queue, delayed ones included")
          .tag("queue", queue)
          .register(registry);
    }
  }

  /** PENDING tasks of the queue as of the last snapshot; NaN until one could be read. */
  synchronized double pending(String queue) {
    long now = System.nanoTime();
    if (!loaded || now - refreshedAt >= refreshNanos) {
      refreshedAt = now;
      try {
        snapshot = taskrow.activeCounts();
        loaded = true;
      } catch (Exception e) {
        // Keep the last snapshot: a metrics scrape must not fail because the database blinked.
        log.debug("queue depth not refreshed: {}", e.toString());
      }
    }
    if (!loaded) {
      return Double.NaN;
    }
    return snapshot.getOrDefault(queue, Map.of()).getOrDefault(TaskStatus.PENDING, 0L);
  }
}
