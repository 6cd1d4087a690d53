package dev.taskrow.core;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The wire form of task-change signals for text transports (NOTIFY, Pub/Sub): one line per change,
 * "id status queue", packed into as few payloads as fit the transport's limit. A line that cannot
 * be read is skipped: signals are hints.
 */
public final class TaskChangeCodec {
  private static final Logger log = LoggerFactory.getLogger(TaskChangeCodec.class);

  // Whether a listener class overrides onTaskChanged, found once per class.
  private static final ClassValue<Boolean> READS_TASK_CHANGES =
      new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
          try {
            return type.getMethod("onTaskChanged", TaskChange.class).getDeclaringClass()
                != SignalListener.class;
          } catch (NoSuchMethodException e) {
            return true; // cannot tell: deliver
          }
        }
      };

  private TaskChangeCodec() {}

  /**
   * Hands one received payload to the listeners that read task changes (override {@link
   * SignalListener#onTaskChanged}), decoded once; nothing is decoded when none does. Every instance
   * receives every instance's changes: a worker process with no such listener (no event stream)
   * decoded all of them, once per listener, for nothing.
   *
   * @return how many changes were decoded: 0 when no listener reads them
   */
  public static int deliver(String payload, Collection<SignalListener> listeners) {
    List<TaskChange> changes = null;
    for (SignalListener listener : listeners) {
      if (!READS_TASK_CHANGES.get(listener.getClass())) {
        continue;
      }
      if (changes == null) {
        changes = decode(payload);
      }
      try {
        changes.forEach(listener::onTaskChanged);
      } catch (RuntimeException e) {
        log.warn("signal listener failed on a task change: {}", e.toString());
      }
    }
    return changes == null ? 0 : changes.size();
  }

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
