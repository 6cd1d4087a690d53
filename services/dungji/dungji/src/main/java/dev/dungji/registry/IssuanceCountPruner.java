package dev.dungji.registry;

import dev.dungji.DungjiProperties;
import java.time.Clock;
import java.time.LocalDate;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Removes the quota's counting rows (dungji_issuance_count) of days long past: a row counts only on
 * its own day, so without this the table grows by a row per user, nest and day for ever. Keeps
 * today and the {@code dungji.quota.keep-days} days before it (for an operator's look back), in the
 * quota's zone and on the quota's clock, so "today" is the day the quota counts in.
 */
public class IssuanceCountPruner {
  private final JdbcClient jdbc;
  private final DungjiProperties.Quota quota;
  private final Clock clock;

  public IssuanceCountPruner(JdbcClient jdbc, DungjiProperties.Quota quota, Clock clock) {
    this.jdbc = jdbc;
    this.quota = quota;
    this.clock = clock;
  }

  /** The first day whose rows are kept. */
  public LocalDate keptFrom() {
    return LocalDate.ofInstant(clock.instant(), quota.zone()).minusDays(quota.keepDays());
  }

  /** Deletes the rows of the days before {@link #keptFrom()}; how many it deleted. */
  public int prune() {
    // The primary key (scope, day) does not lead with day: this reads the whole table, which holds
    // only the kept days' rows once it has run, and runs every few hours.
    return jdbc.sql("DELETE FROM dungji_issuance_count WHERE day < :keptFrom")
        .param("keptFrom", keptFrom())
        .update();
  }
}
