package dev.taskrow.core;

import java.util.UUID;

/** A hint that a task's row changed. Read the row for the truth. */
public record TaskChange(UUID taskId, String queue, TaskStatus status) {}
