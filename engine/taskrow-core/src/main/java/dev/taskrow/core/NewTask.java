package dev.taskrow.core;

import java.time.Duration;
import java.util.Objects;
import java.util.UUID;

/**
 * A task to submit.
 *
 * @param kind a registered {@link TaskKind}
 * @param subject what the task is about ("nest:42"), or null; at most one active task per (kind,
 *     subject)
 * @param payload JSON text, "{}" when there is nothing to say
 * @param priority higher runs first within a queue
 * @param delay how long from now until it may run
 * @param parentId the task that chained this one, or null
 */
public record NewTask(
    String kind, String subject, String payload, int priority, Duration delay, UUID parentId) {

  public NewTask {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(payload, "payload");
    Objects.requireNonNull(delay, "delay");
    if (delay.isNegative()) {
      throw new IllegalArgumentException("delay must not be negative");
    }
    if (subject != null && (subject.isBlank() || subject.length() > 200)) {
      throw new IllegalArgumentException("subject must be 1-200 characters");
    }
  }

  public static NewTask of(String kind) {
    return new NewTask(kind, null, "{}", 0, Duration.ZERO, null);
  }

  public NewTask subject(String subject) {
    return new NewTask(kind, subject, payload, priority, delay, parentId);
  }

  public NewTask payload(String json) {
    return new NewTask(kind, subject, json, priority, delay, parentId);
  }

  public NewTask priority(int priority) {
    return new NewTask(kind, subject, payload, priority, delay, parentId);
  }

  public NewTask delay(Duration delay) {
    return new NewTask(kind, subject, payload, priority, delay, parentId);
  }

  public NewTask parent(UUID parentId) {
    return new NewTask(kind, subject, payload, priority, delay, parentId);
  }
}
