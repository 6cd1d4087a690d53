package dev.taskrow.core;

import java.util.List;
import java.util.UUID;

/**
 * One task with its chain and what operators did to it.
 *
 * @param parent the task that chained this one ({@link NewTask#parent}), or null
 * @param children the tasks this one chained, oldest first (at most {@link TaskAdmin#CHAIN_LIMIT})
 * @param rerunOf the FAILED task this one re-runs, or null
 * @param reruns the tasks that re-run this one, oldest first (at most one for a re-run through
 *     {@link TaskAdmin}, which refuses to re-run a task twice)
 * @param audit the admin actions that named this task, newest first (at most {@link
 *     TaskAdmin#AUDIT_LIMIT})
 */
public record TaskDetail(
    Task task,
    UUID rerunOfId,
    Task parent,
    List<Task> children,
    Task rerunOf,
    List<Task> reruns,
    List<AuditEntry> audit) {
  public TaskDetail {
    children = List.copyOf(children);
    reruns = List.copyOf(reruns);
    audit = List.copyOf(audit);
  }
}
