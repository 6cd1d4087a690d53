package dev.tools.faults;

import java.time.Duration;
import java.time.Instant;

/** Polls a condition of the database; the suite drives real processes, so it can only observe. */
final class Await {
  @FunctionalInterface
  interface Check {
    boolean done() throws Exception;
  }

  private Await() {}

  /**
   * Waits until {@code check} holds; a check that throws (the database restarting) counts as not
   * yet. Returns false at the timeout.
   */
  static boolean until(Duration timeout, Duration every, Check check) throws InterruptedException {
    Instant deadline = Instant.now().plus(timeout);
    while (Instant.now().isBefore(deadline)) {
      try {
        if (check.done()) {
          return true;
        }
      } catch (Exception e) {
        // not yet: the server may be restarting
      }
      Thread.sleep(every);
    }
    return false;
  }
}
