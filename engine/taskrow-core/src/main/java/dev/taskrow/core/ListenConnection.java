package dev.taskrow.core;

import java.lang.reflect.Field;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.postgresql.core.BaseConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A LISTEN connection that hands over each burst of notifications as soon as it is read.
 *
 * <p>pgjdbc's {@code getNotifications(timeout)} does not return after the notifications it has
 * read: it peeks for more with a 1 ms socket timeout (a workaround for SSL sockets, whose {@code
 * available()} says nothing) and goes on reading while the next one arrives within that 1 ms. Idle,
 * every notification waits the 1 ms; under a steady stream — a thousand submits a second — the
 * stream seldom pauses for 1 ms, so the notifications already read wait milliseconds, and at two
 * thousand a second hundreds of milliseconds. The driver skips the peek until a time it keeps in a
 * private field; setting that field far ahead makes a call return once the bytes already received
 * are read. Nothing is lost: bytes not read yet stay in the socket and the next call reads them at
 * once. With a driver that has no such field, notifications arrive as slowly as before.
 */
final class ListenConnection {
  private static final Logger log = LoggerFactory.getLogger(ListenConnection.class);
  private static final AtomicBoolean reportedUnsupported = new AtomicBoolean();
  private static final String STREAM_FIELD = "pgStream";
  private static final String PEEK_FIELD = "nextStreamAvailableCheckTime";

  private final PGConnection connection;
  // The driver's stream and its peek deadline, or null when the driver has neither.
  private final Object stream;
  private final Field peekDeadline;

  private ListenConnection(PGConnection connection, Object stream, Field peekDeadline) {
    this.connection = connection;
    this.stream = stream;
    this.peekDeadline = peekDeadline;
  }

  /** Wraps a connection that has run LISTEN; it must stay in autocommit (notifications wait). */
  static ListenConnection of(Connection connection) throws SQLException {
    PGConnection pg = connection.unwrap(PGConnection.class);
    try {
      Object executor = connection.unwrap(BaseConnection.class).getQueryExecutor();
      Object stream = field(executor.getClass(), STREAM_FIELD).get(executor);
      Field peekDeadline = field(stream.getClass(), PEEK_FIELD);
      if (peekDeadline.getType() != long.class) {
        throw new NoSuchFieldException(PEEK_FIELD + " is not a long");
      }
      peekDeadline.setLong(stream, Long.MAX_VALUE);
      return new ListenConnection(pg, stream, peekDeadline);
    } catch (ReflectiveOperationException | RuntimeException e) {
      if (reportedUnsupported.compareAndSet(false, true)) {
        log.info(
            "this PostgreSQL driver waits 1 ms after each notification before handing it over"
                + " ({}); signals stay correct, only slower under load",
            e.toString());
      }
      return new ListenConnection(pg, null, null);
    }
  }

  /** Whether a call returns as soon as what arrived is read (false: the driver's 1 ms peek). */
  boolean handsOverAtOnce() {
    return stream != null;
  }

  /** Waits up to {@code timeoutMillis} for notifications; null or empty when none came. */
  PGNotification[] await(int timeoutMillis) throws SQLException {
    return connection.getNotifications(timeoutMillis);
  }

  /** Gives the connection its driver's own behaviour back before it returns to a pool. */
  void restore() {
    if (stream == null) {
      return;
    }
    try {
      peekDeadline.setLong(stream, 0L);
    } catch (IllegalAccessException e) {
      log.debug("could not restore the driver's peek deadline", e);
    }
  }

  private static Field field(Class<?> type, String name) throws NoSuchFieldException {
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      try {
        Field field = c.getDeclaredField(name);
        field.setAccessible(true);
        return field;
      } catch (NoSuchFieldException e) {
        // declared higher up
      }
    }
    throw new NoSuchFieldException(type.getName() + "." + name);
  }
}
