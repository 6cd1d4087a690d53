package dev.taskrow.core;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;

/**
 * Folds the failure deltas the triggers of V10 append into the per-hour counts (ADR 0017). One
 * compaction at a time, cluster-wide: a second one finds the lock taken and does nothing (two
 * deleting the same deltas could deadlock on them), which loses nothing — the deltas wait for the
 * next one and every read adds them in meanwhile.
 */
final class FailureCountRepository {
  /** The first half of the compaction's advisory lock: "trfc" ("taskrow failure counts"). */
  static final int LOCK_SPACE = 0x74726663;

  // One statement, so the lock is the statement's own transaction's. The counts are inserted in
  // key order; the deltas are moved (deleted and summed) in the same transaction, so a delta is
  // either still a delta or already in its hour's count, never both and never neither.
  private static final Sql COMPACT =
      Sql.of(
          """
          with locked as (select pg_try_advisory_xact_lock(:lock_space, 0) as held),
          moved as (
              delete from taskrow_failure_delta
              where (select held from locked)
              returning hour, kind, queue, error_code, tasks)
          insert into taskrow_failure_hour as h (hour, kind, queue, error_code, tasks)
          select hour, kind, queue, error_code, sum(tasks) from moved
          group by hour, kind, queue, error_code
          order by hour, kind, queue, error_code
          on conflict (hour, kind, queue, error_code) do update set tasks = h.tasks + excluded.tasks
          """);

  // The counts a prune brought to zero; hours before the cutoff hold no task any more.
  private static final Sql FORGET_EMPTY_HOURS =
      Sql.of("delete from taskrow_failure_hour where hour < :before and tasks = 0");

  private final Clock clock;

  /** {@code clock} null: the database clock, as in production. */
  FailureCountRepository(Clock clock) {
    this.clock = clock;
  }

  /** How many (hour, kind, queue, code) counts changed; 0 if another compaction runs now. */
  int compact(Connection c) throws SQLException {
    try (PreparedStatement statement =
        COMPACT.prepare(c, clock, Sql.params().with("lock_space", LOCK_SPACE))) {
      return statement.executeUpdate();
    }
  }

  /** Deletes the zero counts of hours before {@code before}. */
  int forgetEmptyHours(Connection c, java.time.Instant before) throws SQLException {
    try (PreparedStatement statement =
        FORGET_EMPTY_HOURS.prepare(c, clock, Sql.params().with("before", before))) {
      return statement.executeUpdate();
    }
  }
}
