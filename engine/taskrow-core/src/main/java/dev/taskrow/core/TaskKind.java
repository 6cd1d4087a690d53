package dev.taskrow.core;

import java.time.Duration;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What the engine knows of one kind of task: its queue and its policies. The handler is registered
 * separately with the worker that runs the queue, so a process that only submits needs no handler.
 *
 * @param name the kind, stored in every row
 * @param queue the queue its rows go to; a worker runs some queues
 * @param maxAttempts attempts in all, the first included
 * @param lease how long a claim lasts without a heartbeat; the engine heartbeats running tasks
 * @param timeLimit how long one attempt's handler may run, or null for no limit. Past it the
 *     handler's thread is interrupted and the attempt fails {@link ErrorCodes#TIMEOUT} however the
 *     handler ends; the heartbeat extends the lease at most a lease beyond the limit, so a handler
 *     that ignores the interrupt loses its lease then and is fenced off
 * @param staleAfter a PENDING row older than this is replaced by {@link Taskrow#submitOrReuse}
 * @param retryPolicy which failures are tried again, and when
 * @param maxSnoozes how many times its handler may snooze ({@link TaskSnooze}) before the task ends
 *     FAILED({@link ErrorCodes#SNOOZE_LIMIT}); {@link #UNLIMITED_SNOOZES} by default
 * @param transactional whether the handler runs inside the transaction that records its SUCCESS.
 *     Its business writes (through {@link TaskContext#connection()}) and follow-up tasks then
 *     commit with the SUCCESS or not at all, and a worker that lost its lease commits nothing. A
 *     kind whose handler writes nothing to the database can set this to false: its completions are
 *     then batched, many rows per commit.
 * @param commitBatch for a transactional kind, how many tasks may share one commit: 1 (the default)
 *     gives every task a transaction of its own; more runs up to so many waiting tasks one after
 *     another in one transaction, each in a savepoint of its own, so a failing handler's writes
 *     roll back alone and the others commit together ({@link CommitBatches}). The handlers of a
 *     batch run one after another, so the kind's throughput is ⌈concurrency ÷ commitBatch⌉ ÷ the
 *     handler's time: for short handlers whose commit is the cost, not for handlers that wait on
 *     the network. At most {@link #MAX_COMMIT_BATCH}
 * @param concurrencyLimit at most so many tasks of the kind in flight per key, across every
 *     instance ({@link ConcurrencyLimit}), or null for no limit
 * @param schedule when the engine enqueues a task of this kind by itself (a recurring kind), or
 *     null for none: one task per slot, the slot's ISO instant as its subject, enqueued by the
 *     workers that run the kind
 */
public record TaskKind(
    String name,
    String queue,
    int maxAttempts,
    Duration lease,
    Duration timeLimit,
    Duration staleAfter,
    RetryPolicy retryPolicy,
    int maxSnoozes,
    boolean transactional,
    int commitBatch,
    ConcurrencyLimit concurrencyLimit,
    Schedule schedule) {

  /** The default bound on snoozes: none. */
  public static final int UNLIMITED_SNOOZES = Integer.MAX_VALUE;

  /**
   * The most tasks one commit may carry: PostgreSQL keeps up to 64 subtransactions of a transaction
   * in shared memory, and past that every snapshot taken by any session reads {@code pg_subtrans}
   * from disk — the well-known cliff of many savepoints in one transaction.
   */
  public static final int MAX_COMMIT_BATCH = 64;

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.:-]{1,100}");

  public TaskKind {
    requireName(name, "kind");
    requireName(queue, "queue");
    if (maxAttempts < 1 || maxAttempts > 1000) {
      throw new IllegalArgumentException(
          name + ": maxAttempts must be 1..1000, was " + maxAttempts);
    }
    if (lease.compareTo(Duration.ofSeconds(1)) < 0) {
      throw new IllegalArgumentException(name + ": lease must be at least 1 s, was " + lease);
    }
    if (timeLimit != null && (timeLimit.isNegative() || timeLimit.isZero())) {
      throw new IllegalArgumentException(name + ": timeLimit must be positive, was " + timeLimit);
    }
    if (staleAfter.isNegative() || staleAfter.isZero()) {
      throw new IllegalArgumentException(name + ": staleAfter must be positive");
    }
    Objects.requireNonNull(retryPolicy, "retryPolicy");
    if (maxSnoozes < 0) {
      throw new IllegalArgumentException(name + ": maxSnoozes must be >= 0, was " + maxSnoozes);
    }
    if (commitBatch < 1 || commitBatch > MAX_COMMIT_BATCH) {
      throw new IllegalArgumentException(
          name + ": commitBatch must be 1.." + MAX_COMMIT_BATCH + ", was " + commitBatch);
    }
    if (commitBatch > 1 && !transactional) {
      throw new IllegalArgumentException(
          name
              + ": commitBatch applies to transactional kinds; a non-transactional kind's"
              + " completions are batched already");
    }
    if (concurrencyLimit != null) {
      concurrencyLimit.check(name);
    }
    if (schedule != null && schedule.problem() != null) {
      throw new IllegalArgumentException(name + ": schedule: " + schedule.problem());
    }
  }

  /**
   * A kind with the defaults: queue "default", 3 attempts, 30 s lease, no time limit, stale after 5
   * minutes, unlimited snoozes, no concurrency limit.
   */
  public static Builder named(String name) {
    return new Builder(name);
  }

  /** Whether tasks of this kind may share a commit ({@link #commitBatch()} above 1). */
  public boolean commitsInBatches() {
    return commitBatch > 1;
  }

  static void requireName(String value, String what) {
    if (value == null || !NAME.matcher(value).matches()) {
      throw new IllegalArgumentException(
          what + " name must be 1-100 characters of [A-Za-z0-9_.:-]: " + value);
    }
  }

  /** Fluent construction with the defaults above. */
  public static final class Builder {
    private final String name;
    private String queue = "default";
    private int maxAttempts = 3;
    private Duration lease = Duration.ofSeconds(30);
    private Duration timeLimit;
    private Duration staleAfter = Duration.ofMinutes(5);
    private RetryPolicy retryPolicy = RetryPolicy.defaults();
    private int maxSnoozes = UNLIMITED_SNOOZES;
    private boolean transactional = true;
    private int commitBatch = 1;
    private ConcurrencyLimit concurrencyLimit;
    private Schedule schedule;

    private Builder(String name) {
      this.name = name;
    }

    public Builder queue(String queue) {
      this.queue = queue;
      return this;
    }

    public Builder maxAttempts(int maxAttempts) {
      this.maxAttempts = maxAttempts;
      return this;
    }

    public Builder lease(Duration lease) {
      this.lease = lease;
      return this;
    }

    /** How long one attempt may run before its handler is interrupted; no limit by default. */
    public Builder timeLimit(Duration timeLimit) {
      this.timeLimit = timeLimit;
      return this;
    }

    public Builder staleAfter(Duration staleAfter) {
      this.staleAfter = staleAfter;
      return this;
    }

    public Builder retryPolicy(RetryPolicy retryPolicy) {
      this.retryPolicy = retryPolicy;
      return this;
    }

    /** At most this many snoozes (0: none allowed); unlimited by default. */
    public Builder maxSnoozes(int maxSnoozes) {
      this.maxSnoozes = maxSnoozes;
      return this;
    }

    public Builder transactional(boolean transactional) {
      this.transactional = transactional;
      return this;
    }

    /**
     * Lets up to {@code tasks} waiting tasks of this transactional kind share one commit (1, the
     * default: a commit each). They run one after another on one connection, each in a savepoint: a
     * handler that fails rolls back its own writes only, and the SUCCESS of the others commits once
     * for all of them. Worth it for short handlers whose commits are the cost; a task's writes then
     * become visible when its batch commits, after the handlers queued before it in the batch.
     * Under light load a batch holds one task and nothing waits.
     */
    public Builder commitBatch(int tasks) {
      this.commitBatch = tasks;
      return this;
    }

    /**
     * At most {@code limit} tasks in flight per {@code key} across every instance; the key is a
     * template over the task ({@code "mart:{martId}"}, {@code "issuer"}): see {@link
     * ConcurrencyLimit}. No limit by default.
     */
    public Builder concurrencyLimit(String key, int limit) {
      this.concurrencyLimit = new ConcurrencyLimit(key, limit);
      return this;
    }

    /**
     * Makes the kind recurring: the workers that run it enqueue one task per slot of the schedule
     * ({@link Schedule#cron}, {@link Schedule#every}); null (the default) for none.
     */
    public Builder schedule(Schedule schedule) {
      this.schedule = schedule;
      return this;
    }

    public TaskKind build() {
      return new TaskKind(
          name,
          queue,
          maxAttempts,
          lease,
          timeLimit,
          staleAfter,
          retryPolicy,
          maxSnoozes,
          transactional,
          commitBatch,
          concurrencyLimit,
          schedule);
    }
  }
}
