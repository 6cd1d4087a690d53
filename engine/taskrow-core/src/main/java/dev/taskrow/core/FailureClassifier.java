package dev.taskrow.core;

import java.sql.SQLException;
import java.time.Duration;

/**
 * What a failed attempt means: the error code and message to record, and whether the task is tried
 * again and when, by the kind's {@link RetryPolicy}. A pure function of its arguments (the random
 * draw for the jitter included), so every rule is testable without a database or a worker.
 */
final class FailureClassifier {
  /** Longest error message stored; a stack of causes must not bloat the task row. */
  static final int MAX_MESSAGE = 2000;

  private FailureClassifier() {}

  /**
   * What to write for a failed attempt.
   *
   * @param code the error code: the last error's while waiting for a retry, the final one otherwise
   * @param unexpected the handler threw something that is no {@link TaskFailure} and no transient
   *     database error: a bug or an unforeseen cause, worth a stack trace in the log
   * @param retryDelay how long until the next attempt, or null when the task ends FAILED now
   */
  record Decision(String code, String message, boolean unexpected, Duration retryDelay) {
    boolean retries() {
      return retryDelay != null;
    }
  }

  /**
   * Classifies {@code error}, thrown by attempt {@code attempt} of {@code maxAttempts}.
   *
   * @param cancellationRequested a cancel was requested during the attempt: never retried, and an
   *     unexpected exception then ends CANCELLED (the handler most likely stopped because of it)
   * @param random the draw in [0, 1) for the policy's jitter
   */
  static Decision classify(
      Throwable error,
      int attempt,
      int maxAttempts,
      boolean cancellationRequested,
      RetryPolicy policy,
      double random) {
    TaskFailure failure = error instanceof TaskFailure f ? f : transientDatabaseFailure(error);
    boolean unexpected = failure == null;
    String code = unexpected ? ErrorCodes.UNKNOWN : failure.code();
    String message = truncate(unexpected ? error.toString() : failure.getMessage());
    boolean retry =
        attempt < maxAttempts
            && !cancellationRequested
            && policy.retries(code, !unexpected && failure.isRetryable());
    if (!retry) {
      String finalCode = cancellationRequested && unexpected ? ErrorCodes.CANCELLED : code;
      return new Decision(finalCode, message, unexpected, null);
    }
    Duration delay = policy.delayAfter(attempt, random);
    if (!unexpected
        && failure.retryAfter().isPresent()
        && failure.retryAfter().get().compareTo(delay) > 0) {
      delay = failure.retryAfter().get();
    }
    return new Decision(code, message, unexpected, delay);
  }

  /**
   * A database error that says nothing about the task (the connection dropped, the server is
   * restarting, a serialization failure or deadlock) must not end it for good as UNKNOWN.
   */
  static TaskFailure transientDatabaseFailure(Throwable error) {
    for (Throwable e = error; e != null; e = e.getCause()) {
      if (e instanceof SQLException sql && isTransient(sql.getSQLState())) {
        return TaskFailure.retryable(ErrorCodes.TRANSIENT_DATABASE_ERROR, sql.toString(), error);
      }
    }
    return null;
  }

  // SQLSTATE classes: 08 connection exception, 40 transaction rollback (serialization failure,
  // deadlock), 53 insufficient resources, 57P operator intervention (admin shutdown, crash).
  static boolean isTransient(String sqlState) {
    return sqlState != null
        && (sqlState.startsWith("08")
            || sqlState.startsWith("40")
            || sqlState.startsWith("53")
            || sqlState.startsWith("57P"));
  }

  static String truncate(String message) {
    if (message == null) {
      return null;
    }
    return message.length() <= MAX_MESSAGE ? message : message.substring(0, MAX_MESSAGE) + "…";
  }
}
