package dev.taskrow.core;

import java.sql.SQLException;
import java.time.Instant;
import java.util.Map;

/**
 * The lower bound on {@code due_at} a queue's claims use while vacuum is held back.
 *
 * <p>A transaction left open somewhere on the server keeps every dead version of every finished
 * task: their entries stay in the claim index, oldest due time first, and each claim visits the
 * heap row of each one to learn it is dead — tens of milliseconds per claim after a minute or two
 * at a few hundred tasks per second, and the queue falls behind. While the task table has many dead
 * versions, claims therefore skip every index entry older than a floor: the oldest due time of any
 * active row of the queue (or the poll interval before now, if that is earlier), read once per poll
 * interval. The skipped entries are rejected from the index alone, without a heap visit.
 *
 * <p>A row that becomes due below the floor after it was read (a submit that committed late, a task
 * handed back at its old place in the queue) waits for the next read, at most one poll interval —
 * the same bound a lost wake-up signal has. With few dead versions there is no floor and claims are
 * exactly as before. One reading covers all the queues of a worker.
 */
final class ClaimFloor {
  /** Dead task-row versions beyond which claims use a floor. */
  static final long DEFAULT_DEAD_ROWS = 10_000;

  @FunctionalInterface
  interface Reader {
    /** The floor of each queue now; a null value (or none) for no floor. */
    Map<String, Instant> read() throws SQLException;
  }

  private final Reader reader;
  private final long refreshNanos;
  private Map<String, Instant> floors = Map.of();
  private long readAtNanos;
  private boolean read;

  ClaimFloor(Reader reader, java.time.Duration refreshEvery) {
    this.reader = reader;
    this.refreshNanos = refreshEvery.toNanos();
  }

  /** The floors for the next claim, read again when the last reading is a poll interval old. */
  Map<String, Instant> current() throws SQLException {
    long now = System.nanoTime();
    if (!read || now - readAtNanos >= refreshNanos) {
      floors = reader.read();
      readAtNanos = now;
      read = true;
    }
    return floors;
  }
}
