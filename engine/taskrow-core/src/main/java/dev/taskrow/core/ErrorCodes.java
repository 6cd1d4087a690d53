package dev.taskrow.core;

/** The error codes the engine itself writes. Handlers add their own. */
public final class ErrorCodes {
  /** A PENDING task older than its kind's stale threshold was replaced by a new submit. */
  public static final String STALE_PENDING = "STALE_PENDING";

  /** The worker's lease ran out on the last allowed attempt (the worker died or hung). */
  public static final String LEASE_EXPIRED = "LEASE_EXPIRED";

  /**
   * The attempt ran past its kind's time limit ({@link TaskKind#timeLimit()}): its handler was
   * interrupted. Retried or final by the kind's retry policy, like a handler's retryable failure.
   */
  public static final String TIMEOUT = "TIMEOUT";

  /** Cancelled by a user or an operator. */
  public static final String CANCELLED = "CANCELLED";

  /** The handler threw something that was not a {@link TaskFailure}: the safety net. */
  public static final String UNKNOWN = "UNKNOWN";

  /**
   * The database failed the attempt for a passing reason (connection lost, server restarting,
   * serialization failure, deadlock): retried like any transient cause, attempts permitting.
   */
  public static final String TRANSIENT_DATABASE_ERROR = "TRANSIENT_DATABASE_ERROR";

  /**
   * The handler snoozed once more than its kind allows ({@link TaskKind#maxSnoozes()}): final,
   * whatever the retry policy, since the next attempt would most likely snooze again.
   */
  public static final String SNOOZE_LIMIT = "SNOOZE_LIMIT";

  private ErrorCodes() {}
}
