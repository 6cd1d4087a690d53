package dev.taskrow.core;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Whether a failed attempt is tried again, and when. Retry is decided by the cause (the error
 * code), not by the state, and each kind has its own policy.
 *
 * <p>A failure is retried when attempts are left and: its code is in {@link #alwaysRetry}, or it is
 * not in {@link #neverRetry} and the handler marked it retryable. An unexpected exception (UNKNOWN)
 * is retried only when the policy says so.
 *
 * <p>The delay grows exponentially from {@code initialDelay}, capped at {@code maxDelay}, with a
 * symmetric jitter: many tasks that failed together on one outage must not all come back in the
 * same millisecond and cause the next one.
 */
public record RetryPolicy(
    Duration initialDelay,
    double multiplier,
    Duration maxDelay,
    double jitter,
    Set<String> alwaysRetry,
    Set<String> neverRetry,
    boolean retryUnknown) {

  public RetryPolicy {
    if (initialDelay.isNegative() || maxDelay.compareTo(initialDelay) < 0) {
      throw new IllegalArgumentException("need 0 <= initialDelay <= maxDelay");
    }
    if (multiplier < 1.0) {
      throw new IllegalArgumentException("multiplier must be >= 1: " + multiplier);
    }
    if (jitter < 0 || jitter >= 1) {
      throw new IllegalArgumentException("jitter must be in [0, 1): " + jitter);
    }
    alwaysRetry = Set.copyOf(alwaysRetry);
    neverRetry = Set.copyOf(neverRetry);
  }

  /** 1 s, 2 s, 4 s … up to 5 minutes, ±20 %. Retries what the handler marks retryable. */
  public static RetryPolicy defaults() {
    return exponential(Duration.ofSeconds(1), Duration.ofMinutes(5));
  }

  public static RetryPolicy exponential(Duration initialDelay, Duration maxDelay) {
    return new RetryPolicy(initialDelay, 2.0, maxDelay, 0.2, Set.of(), Set.of(), false);
  }

  public static RetryPolicy fixed(Duration delay) {
    return new RetryPolicy(delay, 1.0, delay, 0.0, Set.of(), Set.of(), false);
  }

  public RetryPolicy withJitter(double jitter) {
    return new RetryPolicy(
        initialDelay, multiplier, maxDelay, jitter, alwaysRetry, neverRetry, retryUnknown);
  }

  public RetryPolicy withMultiplier(double multiplier) {
    return new RetryPolicy(
        initialDelay, multiplier, maxDelay, jitter, alwaysRetry, neverRetry, retryUnknown);
  }

  /** These codes are retried even when the handler did not mark them retryable. */
  public RetryPolicy alwaysRetry(String... codes) {
    return new RetryPolicy(
        initialDelay, multiplier, maxDelay, jitter, Set.of(codes), neverRetry, retryUnknown);
  }

  /** These codes are final, whatever the handler said (e.g. DUPLICATE_PAYMENT). */
  public RetryPolicy neverRetry(String... codes) {
    return new RetryPolicy(
        initialDelay, multiplier, maxDelay, jitter, alwaysRetry, Set.of(codes), retryUnknown);
  }

  /** Unexpected exceptions (UNKNOWN) are retried too, instead of ending the task at once. */
  public RetryPolicy retryUnknown(boolean retryUnknown) {
    return new RetryPolicy(
        initialDelay, multiplier, maxDelay, jitter, alwaysRetry, neverRetry, retryUnknown);
  }

  /** Whether a failure with this code is worth another attempt, attempts permitting. */
  public boolean retries(String code, boolean markedRetryable) {
    if (ErrorCodes.CANCELLED.equals(code) || neverRetry.contains(code)) {
      return false;
    }
    if (alwaysRetry.contains(code)) {
      return true;
    }
    if (ErrorCodes.UNKNOWN.equals(code)) {
      return retryUnknown;
    }
    return markedRetryable;
  }

  /** The delay before attempt {@code failedAttempt + 1}, with jitter. */
  public Duration delayAfter(int failedAttempt) {
    return delayAfter(failedAttempt, ThreadLocalRandom.current().nextDouble());
  }

  /** As {@link #delayAfter(int)} with the random draw in [0, 1) given, for tests. */
  public Duration delayAfter(int failedAttempt, double random) {
    double base = initialDelay.toMillis() * Math.pow(multiplier, Math.max(0, failedAttempt - 1));
    // Compare as doubles: the power overflows a long long before it overflows a double.
    double capped = Math.min(base, maxDelay.toMillis());
    double jittered = capped * (1 - jitter + 2 * jitter * random);
    return Duration.ofMillis(Math.round(Math.min(jittered, maxDelay.toMillis())));
  }
}
