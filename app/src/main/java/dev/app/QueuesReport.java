package dev.app;

import dev.taskrow.core.TaskStatus;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The answer of {@code GET /ops/queues}.
 *
 * @param queues one entry per queue that has active tasks, by name (finished tasks are not counted
 *     here: counting them scans the whole table)
 * @param oldestPendingAgeMs how long the oldest due PENDING task has waited; null when none waits
 */
record QueuesReport(List<QueueCounts> queues, Long oldestPendingAgeMs) {

  /** The active tasks of one queue by status. */
  record QueueCounts(String queue, long pending, long processing) {}

  static QueuesReport of(Map<String, Map<TaskStatus, Long>> counts, Optional<Long> oldestMs) {
    List<QueueCounts> queues =
        counts.entrySet().stream()
            .sorted(Map.Entry.comparingByKey())
            .map(
                entry -> {
                  Map<TaskStatus, Long> byStatus = entry.getValue();
                  return new QueueCounts(
                      entry.getKey(),
                      byStatus.getOrDefault(TaskStatus.PENDING, 0L),
                      byStatus.getOrDefault(TaskStatus.PROCESSING, 0L));
                })
            .toList();
    return new QueuesReport(queues, oldestMs.orElse(null));
  }
}
