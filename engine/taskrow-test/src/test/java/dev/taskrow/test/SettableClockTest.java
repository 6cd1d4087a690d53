package dev.taskrow.test;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class SettableClockTest {

  @Test
  void standsStillUntilMovedOrSet() {
    Instant start = Instant.parse("2026-03-02T01:00:00Z");
    SettableClock clock = new SettableClock(start);
    assertThat(clock.instant()).isEqualTo(start);
    clock.advance(Duration.ofMinutes(5));
    assertThat(clock.instant()).isEqualTo(start.plusSeconds(300));
    clock.set(start);
    assertThat(clock.instant()).isEqualTo(start);
    assertThat(clock.getZone()).isEqualTo(ZoneOffset.UTC);
  }
}
