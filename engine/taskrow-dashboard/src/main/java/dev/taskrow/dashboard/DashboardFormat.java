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

  public String since(Instant instant) {
    return instant == null ? "–" : age(Duration.between(instant, Instant.now()));
  }
}
