package dev.dongchimi.ai;

import java.time.Duration;
import java.util.Optional;

/** An AI call that did not give a usable answer this time. */
public class AiException extends Exception {
  /** Why: decides nothing by itself, every kind is retried within the budget. */
  public enum Kind {
    RATE_LIMITED,
    TIMEOUT,
    UNAVAILABLE,
    BAD_RESPONSE
  }

  private final Kind kind;
  private final Duration retryAfter;

  public AiException(Kind kind, String message, Duration retryAfter, Throwable cause) {
    super(message, cause);
    this.kind = kind;
    this.retryAfter = retryAfter;
  }

  public AiException(Kind kind, String message) {
    this(kind, message, null, null);
  }

  public Kind kind() {
    return kind;
  }

  /** The server's Retry-After, when it sent one. */
  public Optional<Duration> retryAfter() {
    return Optional.ofNullable(retryAfter);
  }
}
