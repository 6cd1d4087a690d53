package dev.taskrow.core;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Signals over PostgreSQL LISTEN/NOTIFY: reaches every instance on the same database with no other
 * infrastructure. A NOTIFY sent inside a transaction is delivered on commit and dropped on
 * rollback, which is exactly "announce after the row commits".
 *
 * <p>One connection per process is held for LISTEN ({@link ListenConnection}: each notification is
 * handed over as soon as it is read); if it breaks, the listener reconnects with backoff and
 * workers keep polling meanwhile.
 */
public final class PostgresSignals implements Signals {
  static final String WORK_CHANNEL = "taskrow_work";
  static final String TASK_CHANNEL = "taskrow_task";
  // NOTIFY payloads must stay under 8000 bytes.
  private static final int MAX_PAYLOAD = 7800;
  private static final Logger log = LoggerFactory.getLogger(PostgresSignals.class);

  private final DataSource dataSource;
  private final CopyOnWriteArrayList<SignalListener> listeners = new CopyOnWriteArrayList<>();
  // Announcements wait for one sending thread, which sends everything pending in one round trip.
  private final SignalSender sender = new SignalSender("taskrow-notify", this::send);
  private volatile boolean closed;
  private Thread listenerThread;
  private final java.util.concurrent.CountDownLatch firstListen =
      new java.util.concurrent.CountDownLatch(1);

  public PostgresSignals(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  @Override
  public boolean announceInTransaction(
      Connection transaction, Collection<String> queues, Collection<TaskChange> changes)
      throws SQLException {
    notifyAll(transaction, queues, changes);
    return true;
  }

  @Override
  public void queueHasWork(String queue) {
    sender.queueHasWork(queue);
  }

  @Override
  public void tasksChanged(Collection<TaskChange> changes) {
    sender.tasksChanged(changes);
  }

  /** One round of the sender: every queue and task change pending, in one round trip. */
  private void send(Set<String> queues, List<TaskChange> changes) {
    try (Connection connection = dataSource.getConnection()) {
      // A pool may hand out connections with autocommit off, and roll back what was not
      // committed when the connection returns: the NOTIFYs would never be sent.
      connection.setAutoCommit(true);
      notifyAll(connection, queues, changes);
    } catch (SQLException e) {
      log.debug("NOTIFY failed; workers will find the work by polling", e);
    }
  }

  private static void notifyAll(
      Connection connection, Collection<String> queues, Collection<TaskChange> changes)
      throws SQLException {
    List<String[]> notifications = new ArrayList<>();
    for (String queue : queues) {
      notifications.add(new String[] {WORK_CHANNEL, queue});
    }
    for (String payload : taskPayloads(changes)) {
      notifications.add(new String[] {TASK_CHANNEL, payload});
    }
    if (notifications.isEmpty()) {
      return;
    }
    try (PreparedStatement statement = connection.prepareStatement("select pg_notify(?, ?)")) {
      for (String[] notification : notifications) {
        statement.setString(1, notification[0]);
        statement.setString(2, notification[1]);
        statement.addBatch();
      }
      statement.executeBatch();
    }
  }

  static List<String> taskPayloads(Collection<TaskChange> changes) {
    return TaskChangeCodec.encode(changes, MAX_PAYLOAD);
  }

  @Override
  public synchronized AutoCloseable subscribe(SignalListener listener) {
    listeners.add(listener);
    if (listenerThread == null) {
      listenerThread = Thread.ofPlatform().daemon().name("taskrow-listen").start(this::listenLoop);
      // A NOTIFY sent before LISTEN runs is lost: wait for it (bounded; polling covers a miss).
      try {
        firstListen.await(5, java.util.concurrent.TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    return () -> listeners.remove(listener);
  }

  private void listenLoop() {
    Duration backoff = Duration.ofMillis(100);
    boolean reportedDown = false;
    while (!closed) {
      try (Connection connection = dataSource.getConnection()) {
        connection.setAutoCommit(true);
        try (Statement statement = connection.createStatement()) {
          statement.execute("LISTEN " + WORK_CHANNEL);
          statement.execute("LISTEN " + TASK_CHANNEL);
        }
        firstListen.countDown();
        if (reportedDown) {
          log.info("LISTEN connection restored");
          reportedDown = false;
        }
        backoff = Duration.ofMillis(100);
        ListenConnection listening = ListenConnection.of(connection);
        try {
          receive(listening);
        } finally {
          listening.restore();
          unlisten(connection);
        }
      } catch (SQLException | RuntimeException e) {
        if (closed) {
          return;
        }
        if (!reportedDown) {
          log.warn("LISTEN connection lost; workers poll until it is back: {}", e.toString());
          reportedDown = true;
        }
        sleep(backoff);
        backoff =
            backoff.multipliedBy(2).compareTo(Duration.ofSeconds(10)) > 0
                ? Duration.ofSeconds(10)
                : backoff.multipliedBy(2);
      }
    }
  }

  private void receive(ListenConnection listening) throws SQLException {
    while (!closed) {
      PGNotification[] received = listening.await(500);
      if (received != null) {
        for (PGNotification notification : received) {
          dispatch(notification.getName(), notification.getParameter());
        }
      }
    }
  }

  // The connection goes back to a pool: it must not keep listening for its next borrower.
  private static void unlisten(Connection connection) {
    try (Statement statement = connection.createStatement()) {
      statement.execute("UNLISTEN *");
    } catch (SQLException e) {
      log.debug("UNLISTEN failed; the pool discards a broken connection", e);
    }
  }

  private void dispatch(String channel, String payload) {
    if (TASK_CHANNEL.equals(channel)) {
      TaskChangeCodec.deliver(payload, listeners);
      return;
    }
    if (!WORK_CHANNEL.equals(channel)) {
      return;
    }
    for (SignalListener listener : listeners) {
      try {
        listener.onQueueHasWork(payload);
      } catch (RuntimeException e) {
        log.warn("signal listener failed on {}: {}", channel, e.toString());
      }
    }
  }

  private static void sleep(Duration duration) {
    try {
      Thread.sleep(duration);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    closed = true;
    sender.close();
    Thread thread = listenerThread;
    if (thread != null) {
      try {
        thread.join(2000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
