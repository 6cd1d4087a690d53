package dev.taskrow.core;

import java.util.UUID;

/**
 * The answer to {@link Taskrow#submitOrReuse}: the active task for the subject.
 *
 * @param reused true when an existing active task was returned, false when a new row was created
 * @param replacedStaleTask the stale PENDING task that was closed FAILED(STALE_PENDING) to make
 *     room for the new one, or null
 */
public record Submission(UUID taskId, TaskStatus status, boolean reused, UUID replacedStaleTask) {}
