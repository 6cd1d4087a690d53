package dev.taskrow.core;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.UUID;

/**
 * The wire form of task-change signals for text transports (NOTIFY, Pub/Sub): one line per change,
 * "id status queue", packed into as few payloads as fit the transport's limit. A line that cannot
 * be read is skipped: signals are hints.
 */
public final class TaskChangeCodec {
  private TaskChangeCodec() {}

  public static List<String> encode(Collection<TaskChange> changes, int maxPayload) {
    List<String> payloads = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (TaskChange change : changes) {
      String line = change.taskId() + " " + change.status() + " " + change.queue();
      if (!current.isEmpty() && current.length() + line.length() + 1 > maxPayload) {
        payloads.add(current.toString());
        current.setLength(0);
      }
      if (!current.isEmpty()) {
        current.append('\n');
      }
      current.append(line);
    }
    if (!current.isEmpty()) {
      payloads.add(current.toString());
    }
    return payloads;
  }

  public static List<TaskChange> decode(String payload) {
    List<TaskChange> changes = new ArrayList<>();
    for (String line : payload.split("\n")) {
      String[] parts = line.split(" ", 3);
      if (parts.length != 3) {
        continue;
      }
      try {
        changes.add(
            new TaskChange(UUID.fromString(parts[0]), parts[2], TaskStatus.valueOf(parts[1])));
      } catch (IllegalArgumentException malformed) {
        // not ours or garbled: a lost hint costs latency only
      }
    }
    return changes;
  }
}
