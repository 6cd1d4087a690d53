package dev.taskrow.core;

import java.util.UUID;

/** The task an observability event is about. */
public record TaskEvent(UUID taskId, String kind, String queue, int attempt) {}
