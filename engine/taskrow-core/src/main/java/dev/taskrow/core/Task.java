package dev.taskrow.core;

import java.time.Instant;
import java.util.UUID;

/**
 * A task row as read from the database. {@code snoozeCount} is how many times its handlers snoozed
 * ({@link TaskSnooze}); a snooze consumes no attempt.
 *
 * <p>The table's {@code transport_ref} column is not part of it: nothing writes that column yet. It
 * is reserved for a broker transport, to hold the broker's id for the task (seed 000's {@code
 * celery_task_id}); the transport that writes it adds it here.
 *
 * <p>{@code traceParent} is the submitter's trace context ({@link TaskTracing}), null when nothing
 * traced the submit.
 */
public record Task(
    UUID id,
    String kind,
    String queue,
    String subject,
    String payload,
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
    String lockedBy,
    Instant lockedUntil,
    long fenceToken,
    Long progressDone,
    Long progressTotal,
    boolean cancelRequested,
    String result,
    UUID parentId,
    Instant createdAt,
    Instant startedAt,
    Instant finishedAt,
    String traceParent) {

  /** PROCESSING with no lease and a retry time: waiting for its next attempt, not stuck. */
  public boolean isWaitingForRetry() {
    return status == TaskStatus.PROCESSING && lockedUntil == null && nextRetryAt != null;
  }
}
