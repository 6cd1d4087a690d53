package dev.taskrow.core;

import com.cronutils.model.CronType;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.model.time.ExecutionTime;
import com.cronutils.parser.CronParser;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * When a recurring kind runs: a cron expression in a time zone, or a fixed interval. Each point in
 * time it names is a <em>slot</em>; the scheduler enqueues one task per slot, with the slot's ISO
 * instant ({@code 2026-03-29T01:00:00Z}) as the task's subject.
 *
 * <ul>
 *   <li>{@link #cron(String, ZoneId)}: five fields, Unix cron ({@code minute hour day-of-month
 *       month day-of-week}, e.g. {@code 0 3 * * *}), parsed by cron-utils and read in the zone, so
 *       {@code 0 9 * * *} in Europe/Berlin is 09:00 Berlin time in winter and in summer.
 *   <li>{@link #every(Duration)}: slots at whole multiples of the interval since the Unix epoch
 *       (every 10 minutes: :00, :10, :20 UTC), at least one second apart. Every instance computes
 *       the same slots without talking to the others.
 * </ul>
 *
 * An invalid expression or interval does not throw here: {@link TaskKind} refuses it when the kind
 * is built, naming the kind; {@link #next} on it throws. The misfire policy says what happens to
 * the slots missed during downtime ({@link MisfirePolicy#latestOnce()} unless set).
 */
public final class Schedule {
  /** The shortest interval: the scheduler looks for due slots about once per poll interval. */
  public static final Duration MIN_INTERVAL = Duration.ofSeconds(1);

  private static final CronParser UNIX_CRON =
      new CronParser(CronDefinitionBuilder.instanceDefinitionFor(CronType.UNIX));

  private final String cron;
  private final ZoneId zone;
  private final Duration interval;
  private final MisfirePolicy misfire;
  private final ExecutionTime executionTime;
  private final String problem;

  private Schedule(String cron, ZoneId zone, Duration interval, MisfirePolicy misfire) {
    this.cron = cron;
    this.zone = zone;
    this.interval = interval;
    this.misfire = Objects.requireNonNull(misfire, "misfire");
    ExecutionTime parsed = null;
    String wrong = null;
    if (cron != null) {
      try {
        parsed = ExecutionTime.forCron(UNIX_CRON.parse(cron).validate());
      } catch (IllegalArgumentException e) {
        wrong = "cron expression '" + cron + "' is invalid: " + e.getMessage();
      }
      if (zone == null) {
        wrong = "cron expression '" + cron + "' needs a time zone";
      }
    } else if (interval == null) {
      wrong = "an interval schedule needs an interval";
    } else if (interval.compareTo(MIN_INTERVAL) < 0) {
      wrong = "interval must be at least 1 s, was " + interval;
    }
    this.executionTime = parsed;
    this.problem = wrong;
  }

  /** Slots where the Unix cron {@code expression} matches the local time of {@code zone}. */
  public static Schedule cron(String expression, ZoneId zone) {
    Objects.requireNonNull(expression, "expression");
    return new Schedule(expression.trim(), zone, null, MisfirePolicy.latestOnce());
  }

  /** Slots every {@code interval}, counted from the Unix epoch. */
  public static Schedule every(Duration interval) {
    return new Schedule(null, null, interval, MisfirePolicy.latestOnce());
  }

  /** The same slots with another misfire policy. */
  public Schedule misfire(MisfirePolicy policy) {
    return new Schedule(cron, zone, interval, policy);
  }

  public MisfirePolicy misfire() {
    return misfire;
  }

  /** The cron expression, or empty for an interval schedule. */
  public Optional<String> cronExpression() {
    return Optional.ofNullable(cron);
  }

  /** The cron's time zone, or empty for an interval schedule. */
  public Optional<ZoneId> zone() {
    return Optional.ofNullable(zone);
  }

  /** The interval, or empty for a cron schedule. */
  public Optional<Duration> interval() {
    return Optional.ofNullable(interval);
  }

  /** What is wrong with this schedule, or null when nothing is. */
  String problem() {
    return problem;
  }

  /** The first slot strictly after {@code after}. */
  public Instant next(Instant after) {
    requireValid();
    if (interval != null) {
      long every = interval.toMillis();
      return Instant.ofEpochMilli((Math.floorDiv(after.toEpochMilli(), every) + 1) * every);
    }
    Instant next =
        executionTime
            .nextExecution(after.atZone(zone))
            .map(ZonedDateTime::toInstant)
            .orElseThrow(() -> new IllegalStateException(this + " has no slot after " + after));
    // cron-utils works in whole seconds: never hand back the instant asked about or one before it.
    while (!next.isAfter(after)) {
      next = next(after.plusSeconds(1));
    }
    return next;
  }

  /** The next {@code count} slots strictly after {@code after}, earliest first. */
  public List<Instant> next(Instant after, int count) {
    if (count < 0) {
      throw new IllegalArgumentException("count must be >= 0, was " + count);
    }
    List<Instant> slots = new ArrayList<>(count);
    Instant from = after;
    for (int i = 0; i < count; i++) {
      from = next(from);
      slots.add(from);
    }
    return slots;
  }

  /** The latest slot strictly before {@code before}, or null when there is none. */
  Instant previous(Instant before) {
    requireValid();
    if (interval != null) {
      long every = interval.toMillis();
      return Instant.ofEpochMilli(Math.floorDiv(before.toEpochMilli() - 1, every) * every);
    }
    Optional<ZonedDateTime> last = executionTime.lastExecution(before.atZone(zone));
    if (last.isEmpty()) {
      return null;
    }
    // cron-utils truncates to whole seconds, so it may answer one slot early: walk forward to the
    // last slot that is still before the instant.
    Instant previous = last.get().toInstant();
    for (Instant next = next(previous); next.isBefore(before); next = next(previous)) {
      previous = next;
    }
    return previous.isBefore(before) ? previous : null;
  }

  private void requireValid() {
    if (problem != null) {
      throw new IllegalStateException(problem);
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Schedule other
        && Objects.equals(cron, other.cron)
        && Objects.equals(zone, other.zone)
        && Objects.equals(interval, other.interval)
        && misfire.equals(other.misfire);
  }

  @Override
  public int hashCode() {
    return Objects.hash(cron, zone, interval, misfire);
  }

  @Override
  public String toString() {
    String slots = cron != null ? "cron '" + cron + "' in " + zone : "every " + interval;
    return slots + ", misfire: " + misfire;
  }
}
