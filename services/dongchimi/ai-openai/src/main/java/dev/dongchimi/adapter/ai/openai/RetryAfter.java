package dev.dongchimi.adapter.ai.openai;

import java.math.BigDecimal;
import java.net.http.HttpHeaders;
import java.time.Clock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/** How long a 429 (or 503) asks us to wait, from {@code retry-after-ms} or {@code Retry-After}. */
final class RetryAfter {
  /** A longer wait is as good as "not today"; the cap keeps absurd values from overflowing. */
  private static final BigDecimal MAX_MILLIS = BigDecimal.valueOf(Duration.ofDays(1).toMillis());

  private RetryAfter() {}

  static Optional<Duration> of(HttpHeaders headers, Clock clock) {
    // OpenAI sends the finer retry-after-ms beside Retry-After; its own clients prefer it.
    Optional<Duration> millis = headers.firstValue("retry-after-ms").flatMap(v -> amount(v, 1));
    if (millis.isPresent()) {
      return millis;
    }
    return headers.firstValue("Retry-After").flatMap(v -> parse(v, clock));
  }

  /** Delay-seconds (RFC 9110; fractions accepted, some servers send them) or an HTTP-date. */
  static Optional<Duration> parse(String value, Clock clock) {
    String v = value.strip();
    if (v.isEmpty()) {
      return Optional.empty();
    }
    if (Character.isDigit(v.charAt(0))) {
      return amount(v, 1000);
    }
    try {
      ZonedDateTime at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME);
      Duration wait = Duration.between(clock.instant(), at.toInstant());
      return Optional.of(wait.isNegative() ? Duration.ZERO : wait);
    } catch (DateTimeParseException e) {
      return Optional.empty(); // unreadable: the caller's own backoff applies
    }
  }

  /** A non-negative number of units, {@code millisPerUnit} milliseconds each. */
  private static Optional<Duration> amount(String value, int millisPerUnit) {
    try {
      BigDecimal units = new BigDecimal(value.strip());
      if (units.signum() < 0) {
        return Optional.empty();
      }
      BigDecimal millis = units.multiply(BigDecimal.valueOf(millisPerUnit)).min(MAX_MILLIS);
      return Optional.of(Duration.ofMillis(millis.longValue()));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }
}
