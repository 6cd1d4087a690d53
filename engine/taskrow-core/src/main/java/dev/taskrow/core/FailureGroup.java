package dev.taskrow.core;

import java.time.Instant;
import java.util.UUID;

/**
 * FAILED tasks of one kind with one error code.
 *
 * @param newestTaskId the most recently created of them, whose message this is
 */
public record FailureGroup(
    String kind,
    String queue,
    String errorCode,
    long count,
    Instant newestCreatedAt,
    UUID newestTaskId,
    String newestMessage) {}
