package dev.taskrow.core;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/** A latch a signal can open ahead of time: a signal that arrives mid-claim is not lost. */
final class Wakeup {
  private final Semaphore permit = new Semaphore(0);

  void signal() {
    if (permit.availablePermits() == 0) {
      permit.release();
    }
  }

  void clear() {
    permit.drainPermits();
  }

  void await(Duration timeout) throws InterruptedException {
    permit.tryAcquire(timeout.toNanos(), TimeUnit.NANOSECONDS);
  }
}
