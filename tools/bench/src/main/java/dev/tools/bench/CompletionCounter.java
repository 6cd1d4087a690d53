package dev.tools.bench;

import dev.taskrow.core.TaskEvent;
import dev.taskrow.core.TaskListener;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts successes as the engine records them. onSucceeded runs after the SUCCESS committed, so the
 * time the last one arrives is exactly when the table is drained; no polling delay is added.
 */
final class CompletionCounter implements TaskListener {
  private final int expected;
  private final AtomicInteger succeeded = new AtomicInteger();
  private final CountDownLatch done = new CountDownLatch(1);
  private volatile long halfwayNanos;
  private volatile long doneNanos;

  CompletionCounter(int expected) {
    this.expected = expected;
  }

  @Override
  public void onSucceeded(TaskEvent event, Duration runTime) {
    int n = succeeded.incrementAndGet();
    if (n == expected / 2) {
      halfwayNanos = System.nanoTime();
    }
    if (n == expected) {
      doneNanos = System.nanoTime();
      done.countDown();
    }
  }

  boolean await(Duration timeout) throws InterruptedException {
    return done.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  int succeeded() {
    return succeeded.get();
  }

  long halfwayNanos() {
    return halfwayNanos;
  }

  long doneNanos() {
    return doneNanos;
  }
}
