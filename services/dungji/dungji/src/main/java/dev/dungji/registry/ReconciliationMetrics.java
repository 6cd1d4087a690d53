package dev.dungji.registry;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gauge {@code dungji.payment.reconciliations.open}: charges that may exist with no document and
 * that no operator has settled yet; alert when it is above 0. Read from the database at most once
 * per refresh interval (frequent scrapes cost one query now and then); a failed read keeps the last
 * value.
 */
public class ReconciliationMetrics implements MeterBinder {
  private static final Logger log = LoggerFactory.getLogger(ReconciliationMetrics.class);
  public static final String OPEN = "dungji.payment.reconciliations.open";

  private final PaymentReconciliations reconciliations;
  private final long refreshNanos;
  private long readAt;
  private boolean read;
  private double value;

  public ReconciliationMetrics(PaymentReconciliations reconciliations, Duration refresh) {
    this.reconciliations = reconciliations;
    this.refreshNanos = refresh.toNanos();
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    Gauge.builder(OPEN, this, ReconciliationMetrics::open)
        .description("PAYMENT_UNCERTAIN charges an operator has not settled yet")
        .register(registry);
  }

  private synchronized double open() {
    long now = System.nanoTime();
    if (!read || now - readAt >= refreshNanos) {
      try {
        value = reconciliations.openCount();
        read = true;
        readAt = now;
      } catch (RuntimeException e) {
        log.warn("could not count open payment reconciliations: {}", e.toString());
      }
    }
    return read ? value : Double.NaN;
  }
}
