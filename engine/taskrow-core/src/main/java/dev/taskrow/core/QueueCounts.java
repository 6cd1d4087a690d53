package dev.taskrow.core;

/**
 * A queue at a glance. The active counts are exact and cheap (the backlog, through the claim
 * index); the finished ones count the tasks created since the instant asked for.
 *
 * @param pending PENDING
 * @param running PROCESSING with a lease: a worker has it
 * @param waitingForRetry PROCESSING without a lease: waiting for its next attempt or a snooze
 * @param succeeded SUCCESS, created since the instant asked for
 * @param failed FAILED, created since the instant asked for
 */
public record QueueCounts(
    String queue,
    long pending,
    long running,
    long waitingForRetry,
    long succeeded,
    long failed,
    boolean paused) {}
