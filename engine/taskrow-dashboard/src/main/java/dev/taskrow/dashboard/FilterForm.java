package dev.taskrow.dashboard;

import dev.taskrow.core.AdminRefusal;
import dev.taskrow.core.TaskFilter;
import dev.taskrow.core.TaskStatus;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * The task filter as the pages' forms and links carry it: every field a query parameter, blank for
 * any. {@code from} and {@code to} are local times of the dashboard's zone ({@code
 * 2026-12-01T09:00}, what an {@code <input type="datetime-local">} sends) or instants; they bound
 * the tasks' creation time.
 */
public record FilterForm(
    String queue,
    String kind,
    String status,
    String errorCode,
    String subject,
    String from,
    String to) {

  static FilterForm empty() {
    return new FilterForm(null, null, null, null, null, null, null);
  }

  /**
   * @throws AdminRefusal INVALID_FILTER naming the field that is not valid
   */
  TaskFilter toFilter(ZoneId zone) {
    return TaskFilter.any()
        .withQueue(blankToNull(queue))
        .withKind(blankToNull(kind))
        .withStatus(status(blankToNull(status)))
        .withErrorCode(blankToNull(errorCode))
        .withSubject(blankToNull(subject))
        .withCreated(time("from", from, zone), time("to", to, zone));
  }

  /** The filter as query parameters, to carry it into a link ({@code ?queue=a&status=FAILED}). */
  public String query() {
    UriComponentsBuilder b = UriComponentsBuilder.newInstance();
    add(b, "queue", queue);
    add(b, "kind", kind);
    add(b, "status", status);
    add(b, "errorCode", errorCode);
    add(b, "subject", subject);
    add(b, "from", from);
    add(b, "to", to);
    String q = b.encode().build().getQuery();
    return q == null ? "" : q;
  }

  /** Whether any field is set. */
  public boolean isSet() {
    return !query().isEmpty();
  }

  private static void add(UriComponentsBuilder b, String name, String value) {
    if (blankToNull(value) != null) {
      b.queryParam(name, value.strip());
    }
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value.strip();
  }

  private static TaskStatus status(String value) {
    if (value == null) {
      return null;
    }
    try {
      return TaskStatus.valueOf(value.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new AdminRefusal(AdminRefusal.Code.INVALID_FILTER, "status: unknown " + value);
    }
  }

  private static Instant time(String field, String value, ZoneId zone) {
    String text = blankToNull(value);
    if (text == null) {
      return null;
    }
    try {
      return text.endsWith("Z") || text.contains("+")
          ? Instant.parse(text)
          : LocalDateTime.parse(text).atZone(zone).toInstant();
    } catch (DateTimeParseException e) {
      throw new AdminRefusal(
          AdminRefusal.Code.INVALID_FILTER,
          field + ": " + text + " is not a time such as 2026-12-01T09:00");
    }
  }
}
