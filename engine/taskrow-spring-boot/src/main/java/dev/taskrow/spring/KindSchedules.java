package dev.taskrow.spring;

import dev.taskrow.core.MisfirePolicy;
import dev.taskrow.core.Schedule;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** Applies {@code taskrow.kinds[<kind>].schedule.*} to the schedule a kind's code declares. */
final class KindSchedules {
  /** The bound of every-slot when neither the code nor the properties give one. */
  static final int DEFAULT_MAX_MISSED_SLOTS = 10;

  private KindSchedules() {}

  /**
   * The kind's schedule after the overrides; null for none. A wrong value throws an
   * IllegalArgumentException (or a DateTimeException for an unknown zone) saying what is wrong,
   * which the caller prefixes with the property.
   */
  static Schedule override(Schedule declared, TaskrowProperties.KindSchedule override) {
    if (Boolean.FALSE.equals(override.getEnabled())) {
      return null;
    }
    if (override.getCron() != null && override.getEvery() != null) {
      throw new IllegalArgumentException("schedule: set schedule.cron or schedule.every, not both");
    }
    Schedule schedule = declared;
    if (override.getCron() != null) {
      schedule = Schedule.cron(override.getCron(), zone(override.getZone(), declared));
    } else if (override.getEvery() != null) {
      schedule = Schedule.every(override.getEvery());
    } else if (override.getZone() != null) {
      if (declared == null || declared.cronExpression().isEmpty()) {
        throw new IllegalArgumentException("schedule: schedule.zone needs a cron schedule");
      }
      schedule = Schedule.cron(declared.cronExpression().get(), ZoneId.of(override.getZone()));
    }
    if (schedule == null) {
      if (override.getMisfire() != null || override.getMaxMissedSlots() != null) {
        throw new IllegalArgumentException(
            "schedule: schedule.misfire needs schedule.cron or schedule.every");
      }
      return null;
    }
    MisfirePolicy misfire = declared != null ? declared.misfire() : MisfirePolicy.latestOnce();
    boolean everySlot =
        override.getMisfire() != null
            ? override.getMisfire() == TaskrowProperties.Misfire.EVERY_SLOT
            : misfire.everySlot();
    if (everySlot) {
      int max =
          override.getMaxMissedSlots() != null
              ? override.getMaxMissedSlots()
              : misfire.everySlot() ? misfire.maxSlots() : DEFAULT_MAX_MISSED_SLOTS;
      return schedule.misfire(MisfirePolicy.everySlot(max));
    }
    if (override.getMaxMissedSlots() != null) {
      throw new IllegalArgumentException(
          "schedule: schedule.max-missed-slots needs schedule.misfire=every-slot");
    }
    return schedule.misfire(MisfirePolicy.latestOnce());
  }

  private static ZoneId zone(String zone, Schedule declared) {
    if (zone != null) {
      return ZoneId.of(zone);
    }
    return declared != null && declared.zone().isPresent() ? declared.zone().get() : ZoneOffset.UTC;
  }
}
