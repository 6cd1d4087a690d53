package dev.app.taskrow;

import dev.taskrow.core.AdminRefusal;
import dev.taskrow.core.TaskFilter;
import dev.taskrow.core.TaskStatus;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Arrays;

/**
 * A task filter as the admin API receives it, every field text (query parameters of a search, the
 * {@code filter} object of a bulk action's body): turned into a {@link TaskFilter}, or refused 400
 * {@code INVALID_FILTER} naming the field. Times are ISO-8601 with an offset ({@code
 * 2026-12-01T09:00:00Z}, {@code 2026-12-01T18:00:00+09:00}).
 */
record AdminFilterInput(
    String queue,
    String kind,
    String status,
    String errorCode,
    String subject,
    String createdFrom,
    String createdTo,
    String finishedFrom,
    String finishedTo) {

  static final AdminFilterInput NONE =
      new AdminFilterInput(null, null, null, null, null, null, null, null, null);

  TaskFilter toFilter() {
    return new TaskFilter(
        queue,
        kind,
        status(status),
        errorCode,
        subject,
        instant("created_from", createdFrom),
        instant("created_to", createdTo),
        instant("finished_from", finishedFrom),
        instant("finished_to", finishedTo));
  }

  static Instant instant(String field, String value) {
    if (value == null) {
      return null;
    }
    try {
      return OffsetDateTime.parse(value).toInstant();
    } catch (DateTimeParseException e) {
      throw new AdminRefusal(
          AdminRefusal.Code.INVALID_FILTER,
          field
              + ": "
              + value
              + " is not an ISO-8601 time with an offset, e.g. 2026-12-01T09:00:00Z");
    }
  }

  private static TaskStatus status(String value) {
    if (value == null) {
      return null;
    }
    try {
      return TaskStatus.valueOf(value);
    } catch (IllegalArgumentException e) {
      throw new AdminRefusal(
          AdminRefusal.Code.INVALID_FILTER,
          "status: " + value + " is none of " + Arrays.toString(TaskStatus.values()));
    }
  }
}
