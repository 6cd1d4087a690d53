package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import dev.taskrow.test.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;

/** The LISTEN connection hands notifications over without pgjdbc's 1 ms wait for more. */
class ListenConnectionTest {
  private static final int POLLS = 300;
  // Its own pool, closed at the end, so no connection that listened goes back to a shared pool.
  private static final HikariDataSource dataSource = TestDatabase.newPool(4);

  @AfterAll
  static void closePool() {
    dataSource.close();
  }

  @Test
  void aListenConnectionNoLongerWaitsForMoreNotifications() throws Exception {
    try (Connection c = listening("listen_test_quiet")) {
      ListenConnection listening = ListenConnection.of(c);
      try {
        assertThat(listening.handsOverAtOnce()).isTrue();
        // Nothing is ever sent on this channel: the driver's own peek would take ≥ 1 ms per call.
        assertThat(timeOfPolls(c)).isLessThan(Duration.ofMillis(POLLS / 2));
      } finally {
        listening.restore();
      }
    }
  }

  @Test
  void restoringGivesTheConnectionItsDriversBehaviourBack() throws Exception {
    try (Connection c = listening("listen_test_restored")) {
      ListenConnection.of(c).restore();
      assertThat(timeOfPolls(c)).isGreaterThanOrEqualTo(Duration.ofMillis(POLLS));
    }
  }

  @Test
  void everyNotificationOfABurstIsHandedOver() throws Exception {
    try (Connection c = listening("listen_test_burst");
        Connection sender = dataSource.getConnection();
        PreparedStatement notify = sender.prepareStatement("select pg_notify(?, ?)")) {
      sender.setAutoCommit(true);
      ListenConnection listening = ListenConnection.of(c);
      try {
        // Fifty transactions, so the notifications arrive one after another, not as one message.
        for (int i = 0; i < 50; i++) {
          notify.setString(1, "listen_test_burst");
          notify.setString(2, String.valueOf(i));
          notify.execute();
        }
        List<String> received = new ArrayList<>();
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (received.size() < 50 && System.nanoTime() < deadline) {
          var notifications = listening.await(500);
          if (notifications != null) {
            for (var n : notifications) {
              received.add(n.getParameter());
            }
          }
        }
        assertThat(received).hasSize(50).startsWith("0", "1").endsWith("49");
      } finally {
        listening.restore();
      }
    }
  }

  private Connection listening(String channel) throws SQLException {
    Connection c = dataSource.getConnection();
    c.setAutoCommit(true);
    try (Statement s = c.createStatement()) {
      s.execute("listen " + channel);
    }
    return c;
  }

  /** How long POLLS calls take that ask the driver for notifications without waiting for one. */
  private static Duration timeOfPolls(Connection c) throws SQLException {
    PGConnection pg = c.unwrap(PGConnection.class);
    long start = System.nanoTime();
    for (int i = 0; i < POLLS; i++) {
      pg.getNotifications();
    }
    return Duration.ofNanos(System.nanoTime() - start);
  }
}
