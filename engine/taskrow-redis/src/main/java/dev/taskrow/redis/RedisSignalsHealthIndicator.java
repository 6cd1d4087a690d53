package dev.taskrow.redis;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

/**
 * {@code taskrowRedis} health: UP while Redis carries the signals, {@link #DEGRADED} while it does
 * not. DEGRADED is not in the default status order, so it never turns the application's health
 * DOWN: without Redis everything still works, only slower (workers poll, streams read the
 * database).
 */
public class RedisSignalsHealthIndicator extends AbstractHealthIndicator {
  public static final Status DEGRADED =
      new Status("DEGRADED", "Redis unreachable: workers poll, streams read the database");

  private final RedisSignals signals;

  public RedisSignalsHealthIndicator(RedisSignals signals) {
    super("taskrow Redis health check failed");
    this.signals = signals;
  }

  @Override
  protected void doHealthCheck(Health.Builder builder) {
    builder.withDetail("redis", signals.describe());
    if (signals.isConnected()) {
      builder.up().withDetail("signals", "live");
    } else {
      builder.status(DEGRADED).withDetail("signals", "polling fallback");
    }
  }
}
