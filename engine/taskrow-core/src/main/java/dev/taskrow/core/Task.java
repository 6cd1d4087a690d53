package dev.taskrow.core;

import java.time.Instant;
import java.util.UUID;

/** A task row as read from the database. */
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
    String transportRef,
    Instant createdAt,
    Instant startedAt,
    Instant finishedAt) {

  /** PROCESSING with no lease and a retry time: waiting for its next attempt, not stuck. */
  public boolean isWaitingForRetry() {
    return status == TaskStatus.PROCESSING && lockedUntil == null && nextRetryAt != null;
  }
}
