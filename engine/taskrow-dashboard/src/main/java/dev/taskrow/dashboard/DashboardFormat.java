package dev.taskrow.dashboard;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/** How the pages write times and ages ({@code ${fmt.at(task.createdAt)}}), in one time zone. */
public final class DashboardFormat {
  private final DateTimeFormatter at;
  private final ZoneId zone;

  DashboardFormat(ZoneId zone) {
    this.zone = zone;
    this.at = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(zone);
  }

  public String zone() {
    return zone.getId();
  }

  public String at(Instant instant) {
    return instant == null ? "–" : at.format(instant);
  }

  /** The machine-readable form for {@code <time datetime>}. */
  public String iso(Instant instant) {
    return instant == null ? "" : instant.toString();
  }

  /** "4s", "3m 20s", "2h 5m", "3d 4h": as long as it needs and no longer. */
  public String age(Duration age) {
    if (age == null) {
      return "–";
    }
    long s = Math.max(0, age.toSeconds());
    if (s < 60) {
      return s + "s";
    }
    if (s < 3600) {
      return s / 60 + "m " + s % 60 + "s";
    }
    if (s < 86400) {
      return s / 3600 + "h " + s % 3600 / 60 + "m";
    }
    return s / 86400 + "d " + s % 86400 / 3600 + "h";
  }

  /**
   * A schedule's interval exactly, in its non-zero units: "1h", "1h 30m", "1d", "45s"; an interval
   * with a fraction of a second in ISO form ("PT1.5S"), which rounding would misstate.
   */
  public String interval(Duration interval) {
    if (interval == null) {
      return "–";
    }
    if (interval.toMillisPart() != 0) {
      return interval.toString();
    }
    StringBuilder out = new StringBuilder();
    append(out, interval.toDaysPart(), "d");
    append(out, interval.toHoursPart(), "h");
    append(out, interval.toMinutesPart(), "m");
    append(out, interval.toSecondsPart(), "s");
    return out.isEmpty() ? "0s" : out.toString();
  }

  private static void append(StringBuilder out, long amount, String unit) {
    if (amount != 0) {
      out.append(out.isEmpty() ? "" : " ").append(amount).append(unit);
    }
  }

  public String since(Instant instant) {
    return instant == null ? "–" : age(Duration.between(instant, Instant.now()));
  }
}
