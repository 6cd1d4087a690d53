package dev.dungji.issuer;

import java.time.Duration;
import java.util.Optional;

/** An issuance failed; {@link #fault()} says how. */
public class IssuerException extends RuntimeException {
  private final IssuerFault fault;
  private final Duration retryAfter;

  public IssuerException(IssuerFault fault, String message) {
    this(fault, message, null, null);
  }

  public IssuerException(IssuerFault fault, String message, Duration retryAfter, Throwable cause) {
    super(message, cause);
    this.fault = fault;
    this.retryAfter = retryAfter;
  }

  public IssuerFault fault() {
    return fault;
  }

  /**
   * For {@link IssuerFault#RATE_LIMITED} and {@link IssuerFault#MAINTENANCE}: when to come back.
   */
  public Optional<Duration> retryAfter() {
    return Optional.ofNullable(retryAfter);
  }
}
