package dev.taskrow.dashboard;

import dev.taskrow.core.Schedule;
import dev.taskrow.core.TaskKind;
import dev.taskrow.core.Taskrow;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One recurring kind as the Queues page shows it: its schedule, the latest slot a scheduler
 * enqueued (null before the first) and the next slots after now.
 *
 * @param cron the cron expression, or null for an interval schedule
 * @param zone the cron's time zone id, or null for an interval schedule
 * @param interval the interval, or null for a cron schedule
 */
record RecurringSchedule(
    String kind,
    String queue,
    String cron,
    String zone,
    Duration interval,
    Instant lastEnqueuedSlot,
    List<Instant> nextSlots) {

  /** How many upcoming slots the page lists per kind. */
  static final int NEXT_SLOTS = 3;

  /** The registered kinds that have a schedule, by queue then kind. */
  static List<RecurringSchedule> of(Taskrow taskrow) throws SQLException {
    List<RecurringSchedule> rows = new ArrayList<>();
    for (TaskKind kind : taskrow.kinds()) {
      Schedule schedule = kind.schedule();
      if (schedule == null) {
        continue;
      }
      rows.add(
          new RecurringSchedule(
              kind.name(),
              kind.queue(),
              schedule.cronExpression().orElse(null),
              schedule.zone().map(Object::toString).orElse(null),
              schedule.interval().orElse(null),
              taskrow.lastEnqueuedSlot(kind.name()).orElse(null),
              taskrow.nextSlots(kind.name(), NEXT_SLOTS)));
    }
    rows.sort(
        Comparator.comparing(RecurringSchedule::queue).thenComparing(RecurringSchedule::kind));
    return rows;
  }
}
