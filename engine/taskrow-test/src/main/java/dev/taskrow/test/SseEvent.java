package dev.taskrow.test;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One server-sent event as {@link SseStream} received it: its id (the last one the stream named, as
 * an EventSource keeps it), its name ({@code event:}, null when none), its data (the {@code data:}
 * lines joined with newlines) and when it arrived ({@link System#nanoTime()}).
 */
public record SseEvent(String id, String name, String data, long receivedNanos) {
  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** The data read as JSON, as the engine's task events carry it. */
  public JsonNode json() {
    return JSON.readTree(data);
  }

  /** A top-level field of the JSON data as text; null when it is absent or null. */
  public String text(String field) {
    JsonNode value = json().get(field);
    return value == null || value.isNull() ? null : value.asString();
  }
}
