package dev.taskrow.core;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How a handler says that an attempt failed: an error code, a message, and whether the cause is
 * worth another attempt. The kind's {@link RetryPolicy} has the last word.
 */
public class TaskFailure extends Exception {
  private final String code;
  private final boolean retryable;
  private final Duration retryAfter;

  protected TaskFailure(
      String code, String message, boolean retryable, Duration retryAfter, Throwable cause) {
    super(message, cause);
    this.code = requireCode(code);
    this.retryable = retryable;
    this.retryAfter = retryAfter;
  }

  /** A transient cause (timeout, network error, rate limit): the policy may try again. */
  public static TaskFailure retryable(String code, String message) {
    return new TaskFailure(code, message, true, null, null);
  }

  public static TaskFailure retryable(String code, String message, Throwable cause) {
    return new TaskFailure(code, message, true, null, cause);
  }

  /** An irreversible cause (e.g. DUPLICATE_PAYMENT): never tried again, whatever the policy. */
  public static TaskFailure fatal(String code, String message) {
    return new TaskFailure(code, message, false, null, null);
  }

  public static TaskFailure fatal(String code, String message, Throwable cause) {
    return new TaskFailure(code, message, false, null, cause);
  }

  /** The handler saw {@link TaskContext#isCancellationRequested()} and stopped. */
  public static TaskFailure cancelled() {
    return new TaskFailure(ErrorCodes.CANCELLED, "cancelled", false, null, null);
  }

  /**
   * The same failure, retried no earlier than {@code delay} from now (e.g. a 429's Retry-After).
   */
  public TaskFailure retryAfter(Duration delay) {
    return new TaskFailure(code, getMessage(), retryable, delay, getCause());
  }

  public String code() {
    return code;
  }

  public boolean isRetryable() {
    return retryable;
  }

  public Optional<Duration> retryAfter() {
    return Optional.ofNullable(retryAfter);
  }

  private static String requireCode(String code) {
    Objects.requireNonNull(code, "code");
    if (code.isBlank() || code.length() > 64) {
      throw new IllegalArgumentException("an error code is 1 to 64 characters: " + code);
    }
    return code;
  }
}
