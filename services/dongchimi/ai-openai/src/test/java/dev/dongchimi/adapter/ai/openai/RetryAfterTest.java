package dev.dongchimi.adapter.ai.openai;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class RetryAfterTest {
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-10-21T07:27:30Z"), ZoneOffset.UTC);

  @Test
  void readsSecondsFractionsAndDates() {
    assertThat(RetryAfter.parse("1", CLOCK)).contains(Duration.ofSeconds(1));
    assertThat(RetryAfter.parse(" 120 ", CLOCK)).contains(Duration.ofMinutes(2));
    assertThat(RetryAfter.parse("0.5", CLOCK)).contains(Duration.ofMillis(500));
    assertThat(RetryAfter.parse("Wed, 21 Oct 2026 07:28:00 GMT", CLOCK))
        .contains(Duration.ofSeconds(30));
  }

  @Test
  void aDateInThePastMeansNow() {
    assertThat(RetryAfter.parse("Wed, 21 Oct 2026 07:00:00 GMT", CLOCK)).contains(Duration.ZERO);
  }

  @Test
  void ignoresWhatItCannotRead() {
    assertThat(RetryAfter.parse("", CLOCK)).isEmpty();
    assertThat(RetryAfter.parse("soon", CLOCK)).isEmpty();
    assertThat(RetryAfter.parse("-3", CLOCK)).isEmpty();
    assertThat(RetryAfter.parse("12abc", CLOCK)).isEmpty();
  }

  @Test
  void capsAbsurdWaits() {
    assertThat(RetryAfter.parse("99999999999999999999", CLOCK)).contains(Duration.ofDays(1));
  }
}
