package dev.dungji.watch;

import java.time.Instant;
import java.time.LocalDate;

/**
 * A nest being watched: its certificate is issued again every {@code everyDays} days until {@code
 * until}.
 *
 * @param nextDueAt the next slot of the schedule
 * @param stoppedAt when the tenant stopped it or it ended; null while it runs
 */
public record Watch(
    long id,
    long nestId,
    long ownerId,
    int everyDays,
    LocalDate until,
    Instant nextDueAt,
    Instant stoppedAt,
    Instant createdAt) {

  public boolean active() {
    return stoppedAt == null;
  }
}
