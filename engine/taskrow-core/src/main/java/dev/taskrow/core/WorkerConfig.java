package dev.taskrow.core;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A worker's settings, fixed once it is built: {@link Worker.Builder} collects them, this record
 * checks them, and nothing changes them while the worker runs.
 *
 * @param id stored as {@code locked_by} in every row the worker claims
 * @param queues each queue the worker runs and its concurrency, in the order they were given
 * @param handlers the handler of each kind the worker runs, by kind name
 * @param kinds the kinds the worker runs, by name: exactly those that have a handler
 * @param pollInterval how long an idle queue waits for a signal before it looks again; also the
 *     period of the claim floor's reading, and the shortest period of the lease sweep ({@link
 *     #leaseSweepInterval()})
 * @param batchSize tasks claimed per statement at most
 * @param heartbeatInterval how often the leases of running tasks are extended
 * @param completionBatchSize successes of non-transactional kinds recorded per commit at most
 * @param shutdownTimeout how long {@link Worker#close()} waits for running tasks
 * @param retention finished tasks older than this are pruned; null: never
 * @param pruneInterval how often they are pruned, when they are
 * @param claimFloorDeadRows the dead-version count from which claims use a {@link ClaimFloor}
 * @param takesOwnSubmits whether a task submitted in this process goes straight into a free slot of
 *     this worker in the submit's own commit ({@link SubmitTaker})
 */
record WorkerConfig(
    String id,
    Map<String, Integer> queues,
    Map<String, TaskHandler> handlers,
    Map<String, TaskKind> kinds,
    Duration pollInterval,
    int batchSize,
    Duration heartbeatInterval,
    int completionBatchSize,
    Duration shutdownTimeout,
    Duration retention,
    Duration pruneInterval,
    long claimFloorDeadRows,
    boolean takesOwnSubmits) {

  WorkerConfig {
    Objects.requireNonNull(id, "id");
    if (queues.isEmpty()) {
      throw new IllegalArgumentException("a worker needs at least one queue");
    }
    queues.forEach(WorkerConfig::requireConcurrency);
    if (!kinds.keySet().equals(handlers.keySet())) {
      throw new IllegalArgumentException(
          "kinds " + kinds.keySet() + " do not match the handlers " + handlers.keySet());
    }
    for (TaskKind kind : kinds.values()) {
      if (!queues.containsKey(kind.queue())) {
        throw new IllegalArgumentException(
            "handler for "
                + kind.name()
                + " but its queue "
                + kind.queue()
                + " is not run by this worker");
      }
    }
    for (String queue : queues.keySet()) {
      if (kinds.values().stream().map(TaskKind::queue).noneMatch(queue::equals)) {
        throw new IllegalArgumentException("queue " + queue + " has no handler in this worker");
      }
    }
    requirePollInterval(pollInterval);
    requireBatchSize(batchSize);
    Objects.requireNonNull(heartbeatInterval, "heartbeatInterval");
    requireCompletionBatchSize(completionBatchSize);
    // Ordered copies: the queues are started and logged in the order they were given.
    queues = Collections.unmodifiableMap(new LinkedHashMap<>(queues));
    handlers = Collections.unmodifiableMap(new LinkedHashMap<>(handlers));
    kinds = Collections.unmodifiableMap(new LinkedHashMap<>(kinds));
  }

  /** The kinds of {@code queue} this worker runs, in the order their handlers were given. */
  List<TaskKind> kindsOf(String queue) {
    List<TaskKind> ofQueue = new ArrayList<>();
    for (TaskKind kind : kinds.values()) {
      if (kind.queue().equals(queue)) {
        ofQueue.add(kind);
      }
    }
    return ofQueue;
  }

  /** Whether finished tasks are pruned. */
  boolean prunes() {
    return retention != null;
  }

  /** Tasks claimed per statement on {@code queue}: never more than it can run at once. */
  int batchSizeOf(String queue) {
    return Math.min(batchSize, queues.get(queue));
  }

  /**
   * How often this worker's lease sweep runs ({@link ExpiredLeaseSweeper}): a tenth of the shortest
   * lease among its kinds, and never more often than it polls. A task whose worker died on its last
   * attempt is then closed at most a tenth of its lease after the lease ran out. The sweep reads
   * every due row of its queues (no index tells an expired lease from a waiting task) and every
   * worker process runs its own: once a poll interval it cost four processes draining a 500,000-row
   * queue a sixth to a fifth of the server's statement time.
   */
  Duration leaseSweepInterval() {
    Duration tenth = shortestLease(kinds.values()).dividedBy(10);
    return tenth.compareTo(pollInterval) > 0 ? tenth : pollInterval;
  }

  /** The default heartbeat interval: a third of the shortest lease among the kinds. */
  static Duration defaultHeartbeatInterval(Collection<TaskKind> kinds) {
    return shortestLease(kinds).dividedBy(3);
  }

  /** The shortest lease among the kinds; a kind's default lease when there are none. */
  private static Duration shortestLease(Collection<TaskKind> kinds) {
    return kinds.stream()
        .map(TaskKind::lease)
        .min(Duration::compareTo)
        .orElse(Duration.ofSeconds(30));
  }

  static void requireConcurrency(String queue, int concurrency) {
    if (concurrency < 1 || concurrency > 10_000) {
      throw new IllegalArgumentException(
          "queue " + queue + ": concurrency must be 1..10000, was " + concurrency);
    }
  }

  static void requirePollInterval(Duration pollInterval) {
    if (pollInterval.toMillis() < 10 || pollInterval.compareTo(Duration.ofMinutes(1)) > 0) {
      throw new IllegalArgumentException("pollInterval must be 10 ms..1 min, was " + pollInterval);
    }
  }

  static void requireBatchSize(int batchSize) {
    if (batchSize < 1 || batchSize > 10_000) {
      throw new IllegalArgumentException("batchSize must be 1..10000, was " + batchSize);
    }
  }

  static void requireCompletionBatchSize(int size) {
    if (size < 1) {
      throw new IllegalArgumentException("completionBatchSize must be positive");
    }
  }
}
