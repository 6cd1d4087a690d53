package dev.app.taskrow;

import com.fasterxml.jackson.annotation.JsonRawValue;
import dev.taskrow.core.AuditEntry;
import dev.taskrow.core.Task;
import dev.taskrow.core.TaskDetail;
import dev.taskrow.core.TaskPage;
import dev.taskrow.core.TaskStatus;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The admin API's answers that are not the engine's records as they are: a task's payload and
 * result, and a bulk action's filter, are JSON in the answer, not JSON text in a string.
 */
final class AdminViews {
  private AdminViews() {}

  /** Every field of a task row. */
  record TaskView(
      UUID id,
      String kind,
      String queue,
      String subject,
      @JsonRawValue String payload,
      TaskStatus status,
      int priority,
      String errorCode,
      String errorMessage,
      int attemptCount,
      int maxAttempts,
      int snoozeCount,
      String lastErrorCode,
      Instant lastAttemptAt,
      Instant dueAt,
      Instant nextRetryAt,
      boolean waitingForRetry,
      String lockedBy,
      Instant lockedUntil,
      long fenceToken,
      Long progressDone,
      Long progressTotal,
      boolean cancelRequested,
      @JsonRawValue String result,
      UUID parentId,
      Instant createdAt,
      Instant startedAt,
      Instant finishedAt) {
    static TaskView of(Task t) {
      return t == null
          ? null
          : new TaskView(
              t.id(),
              t.kind(),
              t.queue(),
              t.subject(),
              t.payload(),
              t.status(),
              t.priority(),
              t.errorCode(),
              t.errorMessage(),
              t.attemptCount(),
              t.maxAttempts(),
              t.snoozeCount(),
              t.lastErrorCode(),
              t.lastAttemptAt(),
              t.dueAt(),
              t.nextRetryAt(),
              t.isWaitingForRetry(),
              t.lockedBy(),
              t.lockedUntil(),
              t.fenceToken(),
              t.progressDone(),
              t.progressTotal(),
              t.cancelRequested(),
              t.result(),
              t.parentId(),
              t.createdAt(),
              t.startedAt(),
              t.finishedAt());
    }

    static List<TaskView> of(List<Task> tasks) {
      return tasks.stream().map(TaskView::of).toList();
    }
  }

  /** A page of a search; {@code nextCursor} null on the last page. */
  record PageView(List<TaskView> tasks, String nextCursor) {
    static PageView of(TaskPage page) {
      return new PageView(TaskView.of(page.tasks()), page.nextCursor());
    }
  }

  record DetailView(
      TaskView task,
      UUID rerunOfId,
      TaskView parent,
      List<TaskView> children,
      TaskView rerunOf,
      List<TaskView> reruns,
      List<AuditView> audit) {
    static DetailView of(TaskDetail d) {
      return new DetailView(
          TaskView.of(d.task()),
          d.rerunOfId(),
          TaskView.of(d.parent()),
          TaskView.of(d.children()),
          TaskView.of(d.rerunOf()),
          TaskView.of(d.reruns()),
          AuditView.of(d.audit()));
    }
  }

  record AuditView(
      long id,
      Instant at,
      String actor,
      String action,
      List<UUID> taskIds,
      String queue,
      @JsonRawValue String filter,
      int affected,
      String detail) {
    static List<AuditView> of(List<AuditEntry> entries) {
      return entries.stream()
          .map(
              e ->
                  new AuditView(
                      e.id(),
                      e.at(),
                      e.actor(),
                      e.action(),
                      e.taskIds(),
                      e.queue(),
                      e.filter(),
                      e.affected(),
                      e.detail()))
          .toList();
    }
  }

  /** A pause or resume: whether the queue is paused now, and whether this call changed it. */
  record QueueStateView(String queue, boolean paused, boolean changed) {}

  /** A cancel's outcome: CANCELLED, REQUESTED (running: asked to stop) or ALREADY_FINAL. */
  record CancelView(UUID taskId, String outcome) {}
}
