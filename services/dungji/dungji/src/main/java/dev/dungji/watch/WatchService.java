package dev.dungji.watch;

import dev.dungji.DungjiException;
import dev.dungji.nest.Nest;
import dev.dungji.nest.NestService;
import dev.dungji.registry.RegistryAnalyses;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import org.springframework.http.HttpStatus;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Starts, stops and reads a nest's watch, for the nest's owner only (404, 403). The first slot is
 * now when the nest has no analysed certificate yet (the watch needs one to compare with), else one
 * period from now.
 */
public class WatchService {
  public static final String WATCH_NOT_FOUND = "WATCH_NOT_FOUND";
  public static final String WATCH_UNTIL_INVALID = "WATCH_UNTIL_INVALID";

  /** A watch runs at most this long: a contract is signed within months, not years. */
  static final int MAX_DAYS_AHEAD = 366;

  private final NestService nests;
  private final Watches watches;
  private final RegistryAnalyses analyses;
  private final TransactionTemplate transactions;
  private final Clock clock;
  private final ZoneId zone;

  public WatchService(
      NestService nests,
      Watches watches,
      RegistryAnalyses analyses,
      TransactionTemplate transactions,
      Clock clock,
      ZoneId zone) {
    this.nests = nests;
    this.watches = watches;
    this.analyses = analyses;
    this.transactions = transactions;
    this.clock = clock;
    this.zone = zone;
  }

  public Watch start(long userId, long nestId, WatchForm form) {
    LocalDate today = LocalDate.ofInstant(clock.instant(), zone);
    if (form.until().isBefore(today) || form.until().isAfter(today.plusDays(MAX_DAYS_AHEAD))) {
      throw new DungjiException(
          HttpStatus.BAD_REQUEST,
          WATCH_UNTIL_INVALID,
          "감시 종료일은 오늘부터 "
              + MAX_DAYS_AHEAD
              + "일 이내여야 합니다. / The watch's end date must be between today and "
              + MAX_DAYS_AHEAD
              + " days ahead.");
    }
    return transactions.execute(
        status -> {
          Nest nest = nests.lockOwned(userId, nestId);
          // Whole seconds: PostgreSQL keeps microseconds and rounds, so a slot stored from a
          // finer instant could come out later than the same instant read again.
          Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
          Instant first =
              analyses.hasRegister(nest.id()) ? now.plus(Duration.ofDays(form.everyDays())) : now;
          return watches.upsert(nest.id(), userId, form.everyDays(), form.until(), first);
        });
  }

  public Watch stop(long userId, long nestId) {
    return transactions.execute(
        status -> {
          Watch watch = owned(userId, nestId);
          watches.stop(watch.id(), clock.instant());
          return watches.byNest(nestId).orElseThrow();
        });
  }

  /** The nest's watch, running or stopped; 404 WATCH_NOT_FOUND when it never had one. */
  public Watch owned(long userId, long nestId) {
    nests.owned(userId, nestId);
    return watches.byNest(nestId).orElseThrow(() -> notFound(nestId));
  }

  private static DungjiException notFound(long nestId) {
    return new DungjiException(
        HttpStatus.NOT_FOUND, WATCH_NOT_FOUND, "nest " + nestId + " is not watched");
  }
}
