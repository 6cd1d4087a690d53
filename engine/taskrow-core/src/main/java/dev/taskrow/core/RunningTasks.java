package dev.taskrow.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The attempts a worker holds a lease for: claimed, running, or having their outcome recorded. The
 * heartbeat extends exactly these leases, and a graceful shutdown hands back the unfinished ones.
 */
final class RunningTasks {
  private final Map<UUID, RunningTask> byId = new ConcurrentHashMap<>();

  void add(RunningTask task) {
    byId.put(task.taskId(), task);
  }

  /**
   * Forgets this attempt. A newer attempt of the same task (a rescue by this very worker after its
   * lease expired) keeps its own entry.
   */
  void remove(RunningTask task) {
    byId.remove(task.taskId(), task);
  }

  int size() {
    return byId.size();
  }

  /** A copy: the attempts held now. */
  List<RunningTask> snapshot() {
    return new ArrayList<>(byId.values());
  }

  /** The attempts whose handlers have not returned: what a graceful shutdown hands back. */
  List<RunningTask> unfinished() {
    return byId.values().stream().filter(t -> !t.isCompleting()).toList();
  }
}
