package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** Slots of cron and interval schedules, time zones and daylight-saving changes included. */
class ScheduleTest {
  private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
  private static final ZoneId SEOUL = ZoneId.of("Asia/Seoul");

  @Test
  void aCronIsReadInItsTimeZone() {
    Schedule at3 = Schedule.cron("0 3 * * *", SEOUL);
    // 03:00 in Seoul (UTC+9, no daylight saving) is 18:00 UTC the day before.
    assertThat(at3.next(Instant.parse("2026-03-02T00:00:00Z"), 2))
        .containsExactly(
            Instant.parse("2026-03-02T18:00:00Z"), Instant.parse("2026-03-03T18:00:00Z"));
  }

  @Test
  void aDailyCronKeepsItsLocalHourAcrossBothDaylightSavingChanges() {
    Schedule at9 = Schedule.cron("0 9 * * *", BERLIN);
    // Summer time starts on 2026-03-29 (UTC+1 -> UTC+2) and ends on 2026-10-25.
    assertThat(at9.next(Instant.parse("2026-03-28T00:00:00Z"), 2))
        .containsExactly(
            Instant.parse("2026-03-28T08:00:00Z"), Instant.parse("2026-03-29T07:00:00Z"));
    assertThat(at9.next(Instant.parse("2026-10-24T00:00:00Z"), 2))
        .containsExactly(
            Instant.parse("2026-10-24T07:00:00Z"), Instant.parse("2026-10-25T08:00:00Z"));
  }

  @Test
  void aLocalTimeThatOccursTwiceWhenClocksGoBackIsOneSlot() {
    // On 2026-10-25 Berlin's 02:30 comes at 00:30 UTC (summer time) and again at 01:30 UTC.
    Schedule at0230 = Schedule.cron("30 2 * * *", BERLIN);
    assertThat(at0230.next(Instant.parse("2026-10-24T12:00:00Z"), 2))
        .containsExactly(
            Instant.parse("2026-10-25T00:30:00Z"), Instant.parse("2026-10-26T01:30:00Z"));
  }

  @Test
  void aLocalTimeThatDoesNotExistWhenClocksGoForwardIsSkippedThatDay() {
    // On 2026-03-29 Berlin's clocks jump from 02:00 to 03:00: there is no 02:30 that day.
    Schedule at0230 = Schedule.cron("30 2 * * *", BERLIN);
    assertThat(at0230.next(Instant.parse("2026-03-28T12:00:00Z"), 2))
        .containsExactly(
            Instant.parse("2026-03-30T00:30:00Z"), Instant.parse("2026-03-31T00:30:00Z"));
  }

  @Test
  void anHourlyCronHasNoGapAndNoRepeatAcrossTheChanges() {
    Schedule hourly = Schedule.cron("0 * * * *", BERLIN);
    Instant from = Instant.parse("2026-10-24T22:00:00Z");
    assertThat(hourly.next(from, 4))
        .containsExactly(
            Instant.parse("2026-10-24T23:00:00Z"),
            Instant.parse("2026-10-25T00:00:00Z"),
            Instant.parse("2026-10-25T01:00:00Z"),
            Instant.parse("2026-10-25T02:00:00Z"));
  }

  @Test
  void nextIsStrictlyAfterAndPreviousStrictlyBefore() {
    Schedule minutely = Schedule.cron("* * * * *", ZoneOffset.UTC);
    Instant slot = Instant.parse("2026-03-02T01:01:00Z");
    assertThat(minutely.next(slot)).isEqualTo(slot.plusSeconds(60));
    assertThat(minutely.next(slot.minusMillis(1))).isEqualTo(slot);
    assertThat(minutely.previous(slot)).isEqualTo(slot.minusSeconds(60));
    assertThat(minutely.previous(slot.plusMillis(1))).isEqualTo(slot);
    assertThat(minutely.previous(slot.plusSeconds(59))).isEqualTo(slot);
  }

  @Test
  void intervalSlotsAreMultiplesOfTheIntervalSinceTheEpoch() {
    Schedule tenMinutes = Schedule.every(Duration.ofMinutes(10));
    assertThat(tenMinutes.next(Instant.parse("2026-03-02T01:07:13Z"), 2))
        .containsExactly(
            Instant.parse("2026-03-02T01:10:00Z"), Instant.parse("2026-03-02T01:20:00Z"));
    assertThat(tenMinutes.previous(Instant.parse("2026-03-02T01:10:00Z")))
        .isEqualTo(Instant.parse("2026-03-02T01:00:00Z"));
  }

  @Test
  void aBadCronOrIntervalIsRefusedWhenTheKindIsBuiltNamingTheKind() {
    assertThatThrownBy(
            () ->
                TaskKind.named("report.daily").schedule(Schedule.cron("0 25 * * *", SEOUL)).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(
            "report.daily: schedule: cron expression '0 25 * * *' is invalid: ");
    assertThatThrownBy(
            () ->
                TaskKind.named("report.daily").schedule(Schedule.cron("every day", SEOUL)).build())
        .hasMessageStartingWith("report.daily: schedule: cron expression 'every day' is invalid");
    assertThatThrownBy(
            () -> TaskKind.named("sweep").schedule(Schedule.every(Duration.ZERO)).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("sweep: schedule: interval must be at least 1 s, was PT0S");
    assertThatThrownBy(
            () -> TaskKind.named("sweep").schedule(Schedule.every(Duration.ofMinutes(-5))).build())
        .hasMessage("sweep: schedule: interval must be at least 1 s, was PT-5M");
    assertThatThrownBy(
            () -> TaskKind.named("sweep").schedule(Schedule.cron("0 3 * * *", null)).build())
        .hasMessage("sweep: schedule: cron expression '0 3 * * *' needs a time zone");
    assertThatThrownBy(() -> Schedule.every(Duration.ZERO).next(Instant.EPOCH))
        .hasMessage("interval must be at least 1 s, was PT0S");
  }

  @Test
  void theMisfireBoundIsChecked() {
    assertThatThrownBy(() -> MisfirePolicy.everySlot(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("misfire bound must be 1..10000 slots, was 0");
    assertThat(Schedule.every(Duration.ofMinutes(1)).misfire())
        .isEqualTo(MisfirePolicy.latestOnce());
  }
}
