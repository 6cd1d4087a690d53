package dev.taskrow.core;

import java.util.List;
import java.util.UUID;

/**
 * What a confirmed bulk action did.
 *
 * @param affected the tasks it acted on: never more than the expected count; fewer when some left
 *     the filter between the dry run and the confirmation (finished, re-run or cancelled meanwhile)
 * @param cancelled a bulk cancel: tasks that ended FAILED(CANCELLED) at once
 * @param cancelRequested a bulk cancel: running tasks asked to stop
 * @param newTaskIds a bulk re-run: the new tasks, one per re-run FAILED task
 */
public record BulkResult(
    int affected, int cancelled, int cancelRequested, List<UUID> newTaskIds, long auditId) {
  public BulkResult {
    newTaskIds = List.copyOf(newTaskIds);
  }
}
