package dev.taskrow.core;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * One admin action, as written in the same transaction as the action.
 *
 * @param actor who, as the caller named them ("account:17")
 * @param action CANCEL, RERUN, BULK_CANCEL, BULK_RERUN, PAUSE or RESUME
 * @param taskIds the tasks it changed (for a re-run: the FAILED tasks re-run)
 * @param queue the queue of a pause or resume, else null
 * @param filter a bulk action's filter as JSON, else null
 * @param affected how many rows it changed
 * @param detail what came of it, in words (the new task of a re-run, a cancel's outcome)
 */
public record AuditEntry(
    long id,
    Instant at,
    String actor,
    String action,
    List<UUID> taskIds,
    String queue,
    String filter,
    int affected,
    String detail) {
  public AuditEntry {
    taskIds = List.copyOf(taskIds);
  }
}
