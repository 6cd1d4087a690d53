package dev.taskrow.core;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.UUID;

/**
 * The statements of recurring kinds: their row in {@code taskrow_schedule} (how far each schedule
 * has been enqueued) and the insert of a slot's task.
 */
final class ScheduleRepository {
  // SKIP LOCKED: while one instance enqueues a kind's slots, the others skip the kind this tick
  // instead of queueing up behind it; they see its new mark on their next tick.
  private static final Sql LOCK =
      Sql.of(
          """
          select enqueued_through, :now as now
          from taskrow_schedule
          where kind = :kind
          for update skip locked
          """);

  private static final Sql CREATE =
      Sql.of(
          """
          insert into taskrow_schedule (kind, enqueued_through, updated_at)
          values (:kind, :now, :now)
          on conflict (kind) do nothing
          """);

  private static final Sql ADVANCE =
      Sql.of(
          """
          update taskrow_schedule
          set enqueued_through = :through, last_slot = :through, updated_at = :now
          where kind = :kind
          """);

  private static final Sql READ =
      Sql.of("select enqueued_through, last_slot from taskrow_schedule where kind = :kind");

  // The slot is the subject, so the partial unique index over active (kind, subject) is a second
  // guard: a slot whose task is still active is never inserted twice.
  private static final Sql INSERT_SLOT =
      Sql.of(
          """
          insert into taskrow_task
              (id, kind, queue, subject, payload, priority, max_attempts, due_at, created_at)
          values
              (:id, :kind, :queue, :subject, cast(:payload as jsonb), 0, :max_attempts, :now, :created_at)
          on conflict (kind, subject) where status in ('PENDING', 'PROCESSING') and subject is not null
          do nothing
          """);

  /** The kind's mark, locked for this transaction, and the current time. */
  record Mark(Instant enqueuedThrough, Instant now) {}

  /** What the table says of one kind. */
  record State(Instant enqueuedThrough, Instant lastSlot) {}

  private final Clock clock;

  /** {@code clock} null: the database clock, as in production. */
  ScheduleRepository(Clock clock) {
    this.clock = clock;
  }

  /** The kind's mark, locked; empty when the kind has no row yet or another instance holds it. */
  Optional<Mark> lock(Connection c, String kind) throws SQLException {
    try (PreparedStatement s = LOCK.prepare(c, clock, Sql.params().with("kind", kind));
        ResultSet rs = s.executeQuery()) {
      if (!rs.next()) {
        return Optional.empty();
      }
      return Optional.of(new Mark(instant(rs, 1), instant(rs, 2)));
    }
  }

  /** Creates the kind's row with its mark at now; false if it exists. */
  boolean create(Connection c, String kind) throws SQLException {
    try (PreparedStatement s = CREATE.prepare(c, clock, Sql.params().with("kind", kind))) {
      return s.executeUpdate() == 1;
    }
  }

  void advance(Connection c, String kind, Instant through) throws SQLException {
    try (PreparedStatement s =
        ADVANCE.prepare(c, clock, Sql.params().with("kind", kind).with("through", through))) {
      s.executeUpdate();
    }
  }

  Optional<State> read(Connection c, String kind) throws SQLException {
    try (PreparedStatement s = READ.prepare(c, clock, Sql.params().with("kind", kind));
        ResultSet rs = s.executeQuery()) {
      if (!rs.next()) {
        return Optional.empty();
      }
      return Optional.of(new State(instant(rs, 1), instant(rs, 2)));
    }
  }

  /** Inserts the slot's task, due now; false if an active task of the slot exists. */
  boolean insertSlot(Connection c, UUID id, TaskKind kind, Instant slot) throws SQLException {
    try (PreparedStatement s =
        INSERT_SLOT.prepare(
            c,
            clock,
            Sql.params()
                .with("id", id)
                .with("created_at", TaskIds.createdAt(id))
                .with("kind", kind.name())
                .with("queue", kind.queue())
                .with("subject", slot.toString())
                .with("payload", "{\"slot\": \"" + slot + "\"}")
                .with("max_attempts", kind.maxAttempts()))) {
      return s.executeUpdate() == 1;
    }
  }

  private static Instant instant(ResultSet rs, int column) throws SQLException {
    OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
    return value == null ? null : value.toInstant();
  }
}
