package dev.taskrow.core;

import java.util.UUID;

/** A FAILED task re-run: the new row, which names the failed one; the failed row stays final. */
public record RerunResult(UUID failedTaskId, UUID newTaskId, long auditId) {}
