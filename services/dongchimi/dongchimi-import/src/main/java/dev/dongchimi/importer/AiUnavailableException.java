package dev.dongchimi.importer;

import java.time.Duration;

/** The AI kept failing past its retry budget: the attempt fails AI_UNAVAILABLE, retried later. */
public class AiUnavailableException extends RuntimeException {
  private final Duration retryAfter;

  AiUnavailableException(String message, Duration retryAfter, Throwable cause) {
    super(message, cause);
    this.retryAfter = retryAfter;
  }

  /** The last Retry-After the AI sent, or null. */
  public Duration retryAfter() {
    return retryAfter;
  }
}
