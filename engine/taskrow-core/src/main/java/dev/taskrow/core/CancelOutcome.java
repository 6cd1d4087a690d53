package dev.taskrow.core;

/** What {@link Taskrow#cancel} did. */
public enum CancelOutcome {
  /** The task was not running and is now FAILED(CANCELLED). */
  CANCELLED,
  /** The task is running; its handler sees the request through its context and stops. */
  REQUESTED,
  /** The task had already finished; nothing changed. */
  ALREADY_FINAL,
  NOT_FOUND
}
