package dev.dungji;

import dev.dungji.registry.OrphanSweeper;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/** Runs the orphan sweep every {@code dungji.sweep-interval} (0 disables it). */
public class SweepSchedule implements SmartLifecycle {
  private static final Logger log = LoggerFactory.getLogger(SweepSchedule.class);
  private final OrphanSweeper sweeper;
  private final Duration interval;
  private ScheduledExecutorService executor;

  public SweepSchedule(OrphanSweeper sweeper, Duration interval) {
    this.sweeper = sweeper;
    this.interval = interval;
  }

  @Override
  public synchronized void start() {
    if (interval.isZero() || interval.isNegative()) {
      return;
    }
    executor =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofVirtual().name("dungji-orphan-sweep").factory());
    executor.scheduleWithFixedDelay(
        this::sweepSafely, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void sweepSafely() {
    try {
      sweeper.sweep();
    } catch (RuntimeException e) {
      log.warn("orphan sweep failed; next try in {}: {}", interval, e.toString());
    }
  }

  @Override
  public synchronized void stop() {
    if (executor != null) {
      executor.shutdownNow();
      executor = null;
    }
  }

  @Override
  public synchronized boolean isRunning() {
    return executor != null;
  }
}
