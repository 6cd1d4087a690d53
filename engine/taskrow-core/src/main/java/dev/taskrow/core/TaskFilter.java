package dev.taskrow.core;

import java.time.Instant;

/**
 * Which task rows an admin search or bulk action is about. Every field is optional (null: any); set
 * fields must all match. Time ranges are half-open: {@code from} inclusive, {@code to} exclusive.
 *
 * <p>There is no "updated" time: the engine keeps no such column (adding one would add a write to
 * every statement of a task's life). {@code createdFrom/To} is what the indexes serve; {@code
 * finishedFrom/To} narrows a search further and is best combined with a created range or a status.
 *
 * <pre>{@code
 * TaskFilter failed = TaskFilter.any().withQueue("issuance").withStatus(TaskStatus.FAILED)
 *     .withErrorCode("ISSUER_TIMEOUT").withCreated(since, null);
 * }</pre>
 */
public record TaskFilter(
    String queue,
    String kind,
    TaskStatus status,
    String errorCode,
    String subject,
    Instant createdFrom,
    Instant createdTo,
    Instant finishedFrom,
    Instant finishedTo) {
  /** The longest text a filter field may hold. */
  public static final int MAX_TEXT = 200;

  private static final TaskFilter ANY =
      new TaskFilter(null, null, null, null, null, null, null, null, null);

  /**
   * @throws AdminRefusal INVALID_FILTER when a text is blank or too long, or a range ends before it
   *     starts
   */
  public TaskFilter {
    text("queue", queue);
    text("kind", kind);
    text("error_code", errorCode);
    text("subject", subject);
    range("created", createdFrom, createdTo);
    range("finished", finishedFrom, finishedTo);
  }

  /** Every task. */
  public static TaskFilter any() {
    return ANY;
  }

  public TaskFilter withQueue(String queue) {
    return new TaskFilter(
        queue, kind, status, errorCode, subject, createdFrom, createdTo, finishedFrom, finishedTo);
  }

  public TaskFilter withKind(String kind) {
    return new TaskFilter(
        queue, kind, status, errorCode, subject, createdFrom, createdTo, finishedFrom, finishedTo);
  }

  public TaskFilter withStatus(TaskStatus status) {
    return new TaskFilter(
        queue, kind, status, errorCode, subject, createdFrom, createdTo, finishedFrom, finishedTo);
  }

  public TaskFilter withErrorCode(String errorCode) {
    return new TaskFilter(
        queue, kind, status, errorCode, subject, createdFrom, createdTo, finishedFrom, finishedTo);
  }

  public TaskFilter withSubject(String subject) {
    return new TaskFilter(
        queue, kind, status, errorCode, subject, createdFrom, createdTo, finishedFrom, finishedTo);
  }

  public TaskFilter withCreated(Instant from, Instant to) {
    return new TaskFilter(
        queue, kind, status, errorCode, subject, from, to, finishedFrom, finishedTo);
  }

  public TaskFilter withFinished(Instant from, Instant to) {
    return new TaskFilter(
        queue, kind, status, errorCode, subject, createdFrom, createdTo, from, to);
  }

  /** The filter as a JSON object of its set fields, for the audit table. */
  String toJson() {
    StringBuilder json = new StringBuilder("{");
    field(json, "queue", queue);
    field(json, "kind", kind);
    field(json, "status", status == null ? null : status.name());
    field(json, "error_code", errorCode);
    field(json, "subject", subject);
    field(json, "created_from", createdFrom == null ? null : createdFrom.toString());
    field(json, "created_to", createdTo == null ? null : createdTo.toString());
    field(json, "finished_from", finishedFrom == null ? null : finishedFrom.toString());
    field(json, "finished_to", finishedTo == null ? null : finishedTo.toString());
    return json.append('}').toString();
  }

  private static void field(StringBuilder json, String name, String value) {
    if (value == null) {
      return;
    }
    if (json.length() > 1) {
      json.append(',');
    }
    json.append('"').append(name).append("\":\"");
    for (char c : value.toCharArray()) {
      switch (c) {
        case '"' -> json.append("\\\"");
        case '\\' -> json.append("\\\\");
        default -> {
          if (c < 0x20) {
            json.append(String.format("\\u%04x", (int) c));
          } else {
            json.append(c);
          }
        }
      }
    }
    json.append('"');
  }

  private static void text(String field, String value) {
    if (value == null) {
      return;
    }
    if (value.isBlank()) {
      throw AdminRefusal.invalidFilter(field + ": empty; leave it out to match any");
    }
    if (value.length() > MAX_TEXT) {
      throw AdminRefusal.invalidFilter(field + ": longer than " + MAX_TEXT + " characters");
    }
  }

  private static void range(String field, Instant from, Instant to) {
    if (from != null && to != null && !from.isBefore(to)) {
      throw AdminRefusal.invalidFilter(
          field + "_from (" + from + ") must be before " + field + "_to (" + to + ")");
    }
  }
}
