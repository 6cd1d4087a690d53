package dev.taskrow.spring;

import dev.taskrow.core.TaskKind;
import dev.taskrow.core.Taskrow;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Duration;
import java.util.Map;

/**
 * Gauges for every kind with a concurrency limit, tagged by kind: {@code taskrow.limit.in_flight}
 * (its tasks holding a key's slot, all keys together) and {@code taskrow.limit.keys_at_limit} (keys
 * whose slots are all taken: their further tasks are held back). One reading of {@link
 * Taskrow#concurrencyKeysInFlight()} serves them all, refreshed at most once per interval.
 */
public class ConcurrencyLimitMetrics implements MeterBinder {
  private final Taskrow taskrow;
  private final CachedReading<Map<String, Map<String, Long>>> inFlight;

  public ConcurrencyLimitMetrics(Taskrow taskrow, Duration refreshInterval) {
    this.taskrow = taskrow;
    this.inFlight =
        new CachedReading<>(
            "concurrency keys in flight", taskrow::concurrencyKeysInFlight, refreshInterval);
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    for (TaskKind kind : taskrow.kinds()) {
      if (kind.concurrencyLimit() == null) {
        continue;
      }
      String name = kind.name();
      int limit = kind.concurrencyLimit().limit();
      Gauge.builder("taskrow.limit.in_flight", this, metrics -> metrics.inFlight(name))
          .description("Tasks of the kind holding a slot of their concurrency key")
          .tag("kind", name)
          .register(registry);
      Gauge.builder("taskrow.limit.keys_at_limit", this, metrics -> metrics.keysAt(name, limit))
          .description("Concurrency keys of the kind whose every slot is taken")
          .tag("kind", name)
          .register(registry);
    }
  }

  double inFlight(String kind) {
    return inFlight
        .get()
        .map(
            all ->
                (double) all.getOrDefault(kind, Map.of()).values().stream().mapToLong(n -> n).sum())
        .orElse(Double.NaN);
  }

  double keysAt(String kind, int limit) {
    return inFlight
        .get()
        .map(
            all ->
                (double)
                    all.getOrDefault(kind, Map.of()).values().stream()
                        .filter(n -> n >= limit)
                        .count())
        .orElse(Double.NaN);
  }
}
