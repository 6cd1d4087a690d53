package dev.taskrow.faults;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Submits one task at a fixed rate on a thread of its own, one transaction each, as user requests
 * arrive; a submit that fails (the database restarting) is counted, not retried.
 */
final class SteadySubmitter implements AutoCloseable {
  private final List<UUID> submitted = new CopyOnWriteArrayList<>();
  private final Thread thread;
  private volatile boolean running = true;
  private volatile long failures;

  SteadySubmitter(ScenarioDatabase db, int perSecond) {
    long periodNanos = TimeUnit.SECONDS.toNanos(1) / perSecond;
    thread =
        Thread.ofPlatform()
            .name("steady-submitter")
            .start(
                () -> {
                  long next = System.nanoTime();
                  while (running) {
                    try {
                      submitted.add(db.submitOne());
                    } catch (Exception e) {
                      failures++;
                    }
                    next += periodNanos;
                    LockSupport.parkNanos(next - System.nanoTime());
                  }
                });
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
