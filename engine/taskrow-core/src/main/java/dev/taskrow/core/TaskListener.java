package dev.taskrow.core;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Observes the engine (metrics, logs, tracing). Called on worker threads after the change
 * committed: keep it fast and never throw. What one throws anyway is logged and ignored: the engine
 * goes on as if the call had returned, and the other listeners are still called. The Spring module
 * binds one to Micrometer.
 */
public interface TaskListener {
  /** A worker claimed the task; {@code waited} is from its due time to the claim. */
  default void onClaimed(TaskEvent event, Duration waited) {}

  /** The claim took over a task whose previous worker's lease had expired. */
  default void onRescued(TaskEvent event) {}

  default void onSucceeded(TaskEvent event, Duration runTime) {}

  default void onRetryScheduled(TaskEvent event, String errorCode, Duration delay) {}

  /** The handler snoozed: the task waits {@code delay}, no attempt consumed. */
  default void onSnoozed(TaskEvent event, Duration delay) {}

  default void onFailed(TaskEvent event, String errorCode, Duration runTime) {}

  /** The worker found its lease gone: its writes were discarded; another worker owns the task. */
  default void onLeaseLost(TaskEvent event) {}

  /**
   * A scheduler enqueued these slots of a recurring kind, oldest first; {@code skipped} due slots
   * were left out by the kind's misfire policy. Called once per slot across all instances.
   */
  default void onSlotsEnqueued(String kind, List<Instant> slots, long skipped) {}
}
