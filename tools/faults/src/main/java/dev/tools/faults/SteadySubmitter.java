package dev.tools.faults;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Submits tasks at a fixed rate on a thread of its own, as requests arrive: {@code perTransaction}
 * tasks per transaction, until {@code limit} tasks or until closed. A submit that fails (the
 * database restarting) is counted, not retried.
 */
final class SteadySubmitter implements AutoCloseable {
  private final List<UUID> submitted = new CopyOnWriteArrayList<>();
  private final Thread thread;
  private volatile boolean running = true;
  private volatile long failures;

  /** One task per transaction, with no limit. */
  SteadySubmitter(ScenarioDatabase db, int perSecond) {
    this(db, perSecond, 1, Integer.MAX_VALUE);
  }

  SteadySubmitter(ScenarioDatabase db, int perSecond, int perTransaction, int limit) {
    long periodNanos = TimeUnit.SECONDS.toNanos(1) * perTransaction / perSecond;
    thread =
        Thread.ofPlatform()
            .name("steady-submitter")
            .start(
                () -> {
                  long next = System.nanoTime();
                  while (running && submitted.size() < limit) {
                    try {
                      int count = Math.min(perTransaction, limit - submitted.size());
                      submitted.addAll(count == 1 ? List.of(db.submitOne()) : db.submit(count));
                    } catch (Exception e) {
                      failures++;
                    }
                    next += periodNanos;
                    LockSupport.parkNanos(next - System.nanoTime());
                  }
                });
  }

  boolean isRunning() {
    return thread.isAlive();
  }

  List<UUID> submitted() {
    return List.copyOf(submitted);
  }

  long failures() {
    return failures;
  }

  @Override
  public void close() throws InterruptedException {
    running = false;
    thread.join();
  }
}
