package dev.dungji.watch;

import dev.dungji.DungjiException;
import dev.dungji.registry.IssuanceService;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Re-issues the certificate of every due watch, one watch per transaction: the watch row locked
 * (SKIP LOCKED: another instance's scan takes another watch), the issuance requested as the tenant
 * would with {@code fresh} (a new, paid certificate; within the tenant's and the nest's daily quota
 * and the operator's budget), the slot recorded (its primary key forbids a second issuance of the
 * slot) and the watch moved to its next slot — all or nothing. A quota that says no is recorded as
 * the slot's outcome (REFUSED with the quota's code) in a second transaction; nothing is paid.
 */
public class WatchScanner {
  private static final Logger log = LoggerFactory.getLogger(WatchScanner.class);

  /** At most this many watches per scan; the next slot of the scan takes the rest. */
  static final int MAX_PER_SCAN = 500;

  private final Watches watches;
  private final Supplier<IssuanceService> issuance;
  private final TransactionTemplate transactions;
  private final Clock clock;
  private final ZoneId zone;

  /**
   * @param issuance the issuance service, looked up when a scan runs: it needs the engine, and the
   *     engine needs this scan's kind
   */
  public WatchScanner(
      Watches watches,
      Supplier<IssuanceService> issuance,
      TransactionTemplate transactions,
      Clock clock,
      ZoneId zone) {
    this.watches = watches;
    this.issuance = issuance;
    this.transactions = transactions;
    this.clock = clock;
    this.zone = zone;
  }

  /** What one scan did. */
  public record Scanned(int issued, int reused, int refused, int ended) {}

  public Scanned scan() {
    int issued = 0;
    int reused = 0;
    int refused = 0;
    int ended = 0;
    for (int i = 0; i < MAX_PER_SCAN; i++) {
      Optional<String> outcome;
      try {
        outcome = transactions.execute(status -> reissueOne());
      } catch (Refused r) {
        outcome = Optional.of(recordRefusal(r));
      }
      if (outcome.isEmpty()) {
        break;
      }
      switch (outcome.get()) {
        case "ISSUED" -> issued++;
        case "REUSED" -> reused++;
        case "REFUSED" -> refused++;
        default -> ended++;
      }
    }
    return new Scanned(issued, reused, refused, ended);
  }

  /** A quota refused the slot's issuance; carries what to record once the issuance rolled back. */
  private static final class Refused extends RuntimeException {
    final long watchId;
    final Instant slot;
    final int everyDays;
    final LocalDate until;
    final String code;

    Refused(Watch watch, DungjiException cause) {
      super(cause.code(), cause, false, false);
      this.watchId = watch.id();
      this.slot = watch.nextDueAt();
      this.everyDays = watch.everyDays();
      this.until = watch.until();
      this.code = cause.code();
    }
  }

  private Optional<String> reissueOne() {
    Instant now = clock.instant();
    Optional<Watch> due = watches.lockOneDue(now);
    if (due.isEmpty()) {
      return Optional.empty();
    }
    Watch watch = due.get();
    if (LocalDate.ofInstant(watch.nextDueAt(), zone).isAfter(watch.until())) {
      watches.stop(watch.id(), now);
      return Optional.of("ENDED");
    }
    IssuanceService.Requested requested;
    try {
      requested = issuance.get().request(watch.ownerId(), watch.nestId(), true);
    } catch (DungjiException e) {
      // The quota's counts are in this transaction: rolling it back undoes any partial take.
      throw new Refused(watch, e);
    }
    String outcome = requested.reused() ? "REUSED" : "ISSUED";
    if (watches.recordRun(watch.id(), watch.nextDueAt(), outcome, requested.taskId(), null)) {
      advance(watch.id(), watch.nextDueAt(), watch.everyDays(), watch.until(), now);
      return Optional.of(outcome);
    }
    // Cannot happen while the row lock holds; if it does, the slot was done: undo this issuance.
    throw new IllegalStateException("slot " + watch.nextDueAt() + " of watch " + watch.id());
  }

  private String recordRefusal(Refused r) {
    log.info("watch {} slot {}: issuance refused ({})", r.watchId, r.slot, r.code);
    return transactions.execute(
        status -> {
          Instant now = clock.instant();
          if (watches.lockAtSlot(r.watchId, r.slot).isPresent()
              && watches.recordRun(r.watchId, r.slot, "REFUSED", null, r.code)) {
            advance(r.watchId, r.slot, r.everyDays, r.until, now);
          }
          return "REFUSED";
        });
  }

  /** Moves the watch to its next slot; a watch whose next slot is past its end date ends now. */
  private void advance(long watchId, Instant slot, int everyDays, LocalDate until, Instant now) {
    Instant next = next(slot, everyDays, now);
    watches.moveTo(watchId, next);
    if (LocalDate.ofInstant(next, zone).isAfter(until)) {
      watches.stop(watchId, now);
    }
  }

  /** The first slot of the schedule after now: slots missed while nothing scanned are skipped. */
  static Instant next(Instant slot, int everyDays, Instant now) {
    Duration period = Duration.ofDays(everyDays);
    Instant next = slot.plus(period);
    while (!next.isAfter(now)) {
      next = next.plus(period);
    }
    return next;
  }
}
