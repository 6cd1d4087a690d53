package dev.taskrow.core;

import java.time.Duration;
import java.util.Objects;

/**
 * How a handler says "not yet, look again in a while" (a document is not ready, a partner's window
 * has not opened): {@code throw TaskSnooze.of(Duration.ofMinutes(5))}. The attempt ends without
 * consuming one: the row waits PROCESSING with no lease until the delay is over, its snooze count
 * goes up, and like a failure its transaction rolls back, business writes and follow-up tasks
 * included. A kind may bound the snoozes ({@link TaskKind.Builder#maxSnoozes}); by default it
 * snoozes as often as it likes.
 */
public final class TaskSnooze extends Exception {
  private final Duration delay;

  private TaskSnooze(Duration delay) {
    // Control flow, not an error: no stack trace to fill in.
    super("snoozed for " + delay, null, false, false);
    this.delay = delay;
  }

  /**
   * Look again no earlier than {@code delay} from now.
   *
   * @throws IllegalArgumentException if the delay is zero or negative
   */
  public static TaskSnooze of(Duration delay) {
    Objects.requireNonNull(delay, "snooze delay");
    if (delay.isNegative() || delay.isZero()) {
      throw new IllegalArgumentException("a snooze delay must be positive, was " + delay);
    }
    return new TaskSnooze(delay);
  }

  public Duration delay() {
    return delay;
  }
}
