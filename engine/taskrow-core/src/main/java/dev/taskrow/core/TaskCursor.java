package dev.taskrow.core;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.UUID;

/**
 * Where a page of an admin search ended: the last row's (created_at, id), opaque to callers.
 *
 * <p>Why (created_at, id) and not the id alone: ids are random UUIDs, so their order means nothing
 * to a reader, while newest first is what an operator asks for. created_at alone is not unique (a
 * batch submit gives every row the same time); the id breaks ties, so the order is total and a page
 * boundary neither repeats nor skips a row. Rows created after the first page sort before it, so
 * paging on never shows a row twice while tasks are being submitted.
 */
record TaskCursor(Instant createdAt, UUID id) {
  static TaskCursor after(Task task) {
    return new TaskCursor(task.createdAt(), task.id());
  }

  String encode() {
    long micros = createdAt.getEpochSecond() * 1_000_000L + createdAt.getNano() / 1_000;
    String text = micros + "_" + id;
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString(text.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * @throws AdminRefusal INVALID_FILTER when the text is not a cursor this class wrote
   */
  static TaskCursor decode(String cursor) {
    try {
      String text = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
      int separator = text.indexOf('_');
      long micros = Long.parseLong(text.substring(0, separator));
      UUID id = UUID.fromString(text.substring(separator + 1));
      Instant at =
          Instant.ofEpochSecond(
              Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1_000L);
      return new TaskCursor(at, id);
    } catch (RuntimeException e) {
      throw AdminRefusal.invalidFilter("cursor: not a cursor of this search; start from the top");
    }
  }
}
