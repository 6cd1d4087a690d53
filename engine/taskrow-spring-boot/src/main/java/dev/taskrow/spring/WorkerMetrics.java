package dev.taskrow.spring;

import dev.taskrow.core.RegisteredWorker;
import dev.taskrow.core.Taskrow;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Duration;
import java.util.List;

/**
 * Gauge {@code taskrow.workers.alive}: the workers of every instance that heartbeated within three
 * of their intervals ({@link Taskrow#workers()}), read at most once per {@code refreshInterval}.
 */
public class WorkerMetrics implements MeterBinder {
  private final CachedReading<List<RegisteredWorker>> workers;

  public WorkerMetrics(Taskrow taskrow, Duration refreshInterval) {
    this.workers = new CachedReading<>("workers", taskrow::workers, refreshInterval);
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    Gauge.builder("taskrow.workers.alive", this, WorkerMetrics::alive)
        .description("Workers of every instance that heartbeated within three intervals")
        .register(registry);
  }

  /** Live workers as of the last reading; NaN until one could be read. */
  double alive() {
    return workers
        .get()
        .map(list -> (double) list.stream().filter(RegisteredWorker::alive).count())
        .orElse(Double.NaN);
  }
}
