package dev.taskrow.spring;

import dev.taskrow.core.Taskrow;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Duration;
import java.util.Set;

/**
 * Gauge {@code taskrow.queue.paused} (1 while the queue is paused, 0 while it runs, tagged by
 * queue) for every queue of a registered kind. All gauges read one snapshot of {@link
 * Taskrow#pausedQueues()}, refreshed at most once per {@code refreshInterval}.
 */
public class QueuePauseMetrics implements MeterBinder {
  private final Taskrow taskrow;
  private final CachedReading<Set<String>> paused;

  public QueuePauseMetrics(Taskrow taskrow, Duration refreshInterval) {
    this.taskrow = taskrow;
    this.paused = new CachedReading<>("paused queues", taskrow::pausedQueues, refreshInterval);
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    for (String queue : taskrow.queues()) {
      Gauge.builder("taskrow.queue.paused", this, metrics -> metrics.paused(queue))
          .description("1 while the queue is paused (no worker claims its tasks), else 0")
          .tag("queue", queue)
          .register(registry);
    }
  }

  /** 1 if the queue was paused at the last snapshot, 0 if not; NaN until one could be read. */
  double paused(String queue) {
    return paused.get().map(queues -> queues.contains(queue) ? 1.0 : 0.0).orElse(Double.NaN);
  }
}
