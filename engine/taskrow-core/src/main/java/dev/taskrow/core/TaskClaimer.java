package dev.taskrow.core;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Claims the due tasks of a worker's queues: takes the rows, registers each attempt as running
 * (from here on it is heartbeated), and tells the listeners.
 */
final class TaskClaimer {
  private static final Logger log = LoggerFactory.getLogger(TaskClaimer.class);

  private final Taskrow engine;
  private final String workerId;
  private final RunningTasks running;
  private final long claimFloorDeadRows;
  private final Duration claimFloorMargin;

  TaskClaimer(
      Taskrow engine,
      String workerId,
      RunningTasks running,
      long claimFloorDeadRows,
      Duration claimFloorMargin) {
    this.engine = engine;
    this.workerId = workerId;
    this.running = running;
    this.claimFloorDeadRows = claimFloorDeadRows;
    this.claimFloorMargin = claimFloorMargin;
  }

  /** The claim floor of each queue now; see {@link ClaimFloor}. */
  Map<String, Instant> claimFloors(String[] queues, String[] kinds) throws SQLException {
    return engine.inEngineTransaction(
        tx ->
            engine
                .repository()
                .claimFloors(tx.connection(), queues, kinds, claimFloorDeadRows, claimFloorMargin));
  }

  /** Claims at most {@code limit} due tasks of {@code queue} whose due time is at least floor. */
  List<RunningTask> claim(
      String queue, String[] kinds, Long[] leaseMillis, int limit, Instant floor)
      throws SQLException {
    return claim(List.of(new TaskRepository.QueueClaim(queue, limit, floor)), kinds, leaseMillis);
  }

  /** Claims for several queues in one statement, each at most what it asks for. */
  List<RunningTask> claim(
      List<TaskRepository.QueueClaim> wanted, String[] kinds, Long[] leaseMillis)
      throws SQLException {
    // One statement, committed on its own: a worker's claims run one after another, and a task
    // woken during one waits for it to end, so a COMMIT round trip less is latency less.
    List<TaskRepository.Claimed> claimed =
        engine.inEngineStatement(
            c -> engine.repository().claim(c, wanted, kinds, leaseMillis, workerId));
    return register(claimed);
  }

  /**
   * Claims at most {@code limit} due tasks of {@code queue}'s kinds with a concurrency limit, never
   * more per key than its limit (see {@link LimitedClaimRepository}): two statements in one
   * transaction, the first locking the keys, the second counting and claiming.
   *
   * @param kinds the limited kinds, with their limits and leases at the same index
   */
  List<RunningTask> claimWithinLimits(
      String queue, String[] kinds, Integer[] limits, Long[] leaseMillis, int limit)
      throws SQLException {
    Map<String, Integer> limitOf = new HashMap<>();
    Map<String, Long> leaseOf = new HashMap<>();
    for (int i = 0; i < kinds.length; i++) {
      limitOf.put(kinds[i], limits[i]);
      leaseOf.put(kinds[i], leaseMillis[i]);
    }
    LimitedClaimRepository limited = engine.limitedClaims();
    List<TaskRepository.Claimed> claimed =
        engine.inEngineTransaction(
            tx -> {
              List<LimitedClaimRepository.LockedKey> keys =
                  limited.lockKeys(tx.connection(), queue, kinds, limits, limit);
              if (keys.isEmpty()) {
                return List.of();
              }
              return limited.claim(
                  tx.connection(),
                  queue,
                  keys,
                  keys.stream().map(k -> limitOf.get(k.kind())).toArray(Integer[]::new),
                  keys.stream().map(k -> leaseOf.get(k.kind())).toArray(Long[]::new),
                  workerId,
                  limit);
            });
    return register(claimed);
  }

  /** A row a submit of this process inserted as claimed by this worker ({@link SubmitTaker}). */
  RunningTask registerTaken(TaskRepository.Claimed row) {
    return register(List.of(row)).getFirst();
  }

  /** From here on the claimed attempts are running: heartbeated, announced, listened to. */
  private List<RunningTask> register(List<TaskRepository.Claimed> claimed) {
    engine.announceCommittedChanges(
        claimed.stream()
            .map(r -> new TaskChange(r.task().id(), r.task().queue(), TaskStatus.PROCESSING))
            .toList());
    List<RunningTask> tasks = new ArrayList<>(claimed.size());
    for (TaskRepository.Claimed row : claimed) {
      Instant queuedSince = row.previousDueAt() == null ? row.claimedAt() : row.previousDueAt();
      RunningTask task =
          new RunningTask(
              row.task(), engine.kind(row.task().kind()), engine, row.claimedAt(), queuedSince);
      running.add(task);
      tasks.add(task);
      engine.listeners().onClaimed(task.event(), task.waited());
      if (row.isRescue()) {
        engine.listeners().onRescued(task.event());
        log.info(
            "task {} ({}) rescued from an expired lease (attempt {})",
            task.taskId(),
            task.kind(),
            task.attempt());
      }
    }
    return tasks;
  }
}
