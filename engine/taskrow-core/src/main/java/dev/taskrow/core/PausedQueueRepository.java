package dev.taskrow.core;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Set;
import java.util.TreeSet;

/**
 * The statements on the paused-queue table. The claim reads the table itself (see {@link
 * TaskRepository}): a paused queue's claim takes nothing, on every instance, from the pause's
 * commit on.
 */
final class PausedQueueRepository {
  private static final Sql PAUSE =
      Sql.of(
          """
          insert into taskrow_paused_queue (queue, paused_at) values (:queue, :now)
          on conflict (queue) do nothing
          """);

  private static final Sql RESUME = Sql.of("delete from taskrow_paused_queue where queue = :queue");

  private static final Sql PAUSED = Sql.of("select queue from taskrow_paused_queue");

  private final Clock clock;

  /** {@code clock} null: the database clock, as in production. */
  PausedQueueRepository(Clock clock) {
    this.clock = clock;
  }

  /** Whether the queue was running until now. */
  boolean pause(Connection c, String queue) throws SQLException {
    return update(c, PAUSE, queue) == 1;
  }

  /** Whether the queue was paused until now. */
  boolean resume(Connection c, String queue) throws SQLException {
    return update(c, RESUME, queue) == 1;
  }

  /** The paused queues, sorted by name. */
  Set<String> paused(Connection c) throws SQLException {
    Set<String> queues = new TreeSet<>();
    try (PreparedStatement statement = PAUSED.prepare(c, clock, Sql.params());
        ResultSet rs = statement.executeQuery()) {
      while (rs.next()) {
        queues.add(rs.getString(1));
      }
    }
    return queues;
  }

  private int update(Connection c, Sql sql, String queue) throws SQLException {
    try (PreparedStatement statement = sql.prepare(c, clock, Sql.params().with("queue", queue))) {
      return statement.executeUpdate();
    }
  }
}
