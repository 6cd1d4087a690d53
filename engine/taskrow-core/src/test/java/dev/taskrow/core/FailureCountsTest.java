package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The failure groups read from the per-hour counts the V10 triggers keep (ADR 0017): they must
 * equal a count of the rows themselves, whatever made or removed the failures and however the
 * window falls on the hours.
 */
class FailureCountsTest extends AdminTest {

  @Test
  void groupsEqualTheRowsOverWholeAndPartialHours() throws Exception {
    // Start mid-hour, so windows begin inside an hour and the counts' hours are not the window's.
    clock.set(clock.instant().truncatedTo(ChronoUnit.HOURS).plus(Duration.ofMinutes(17)));
    Instant start = clock.instant();
    for (int i = 0; i < 30; i++) {
      UUID id = taskrow.submit(NewTask.of(i % 3 == 0 ? "issue" : "ocr"));
      if (i % 5 == 4) {
        succeed(id);
      } else {
        fail(id, i % 2 == 0 ? "OCR_FAILED" : "ISSUER_TIMEOUT", "failure " + i);
      }
      clock.advance(Duration.ofMinutes(7)); // 30 tasks over three and a half hours
    }
    taskrow.compactFailureCounts(); // some in the counts, the later ones still deltas
    UUID cancelled = taskrow.submit(NewTask.of("import"));
    admin.cancel("test", cancelled); // FAILED(CANCELLED) by the admin's own statement

    for (Instant since :
        List.of(
            start.minus(Duration.ofHours(1)),
            start,
            start.plus(Duration.ofMinutes(43)), // exactly on an hour
            start.plus(Duration.ofMinutes(50)),
            start.plus(Duration.ofMinutes(200)))) {
      assertThat(groups(since)).as("since %s", since).isEqualTo(rowsCounted(since));
    }
    assertThat(groups(start).get("import/CANCELLED")).isEqualTo(1L);
  }

  @Test
  void prunedFailuresLeaveTheCountsAndEmptyHoursAreForgotten() throws Exception {
    Instant start = clock.instant();
    for (int i = 0; i < 6; i++) {
      fail(taskrow.submit(NewTask.of("ocr")), "OCR_FAILED", "old");
    }
    clock.advance(Duration.ofDays(3));
    UUID recent = taskrow.submit(NewTask.of("ocr"));
    fail(recent, "OCR_FAILED", "recent");
    assertThat(groups(start)).containsEntry("ocr/OCR_FAILED", 7L);

    assertThat(taskrow.prune(Duration.ofDays(1), 4)).isEqualTo(6);

    assertThat(groups(start)).isEqualTo(Map.of("ocr/OCR_FAILED", 1L));
    assertThat(admin.failureGroups(start, 10).getFirst().newestTaskId()).isEqualTo(recent);
    assertThat(count("select count(*) from taskrow_failure_hour where tasks = 0")).isZero();
    assertThat(count("select count(*) from taskrow_failure_delta")).isZero();
  }

  @Test
  void aFailureThatChangesGroupMovesItsCountAndOtherWritesCountNothing() throws Exception {
    Instant start = clock.instant();
    UUID id = taskrow.submit(NewTask.of("issue"));
    markRunning(id);
    fail(id, "ISSUER_TIMEOUT", "slow");
    execute("update taskrow_task set error_message = 'edited' where id = '" + id + "'");
    assertThat(count("select count(*) from taskrow_failure_delta")).isEqualTo(1);
    execute("update taskrow_task set error_code = 'UNKNOWN' where id = '" + id + "'");
    assertThat(groups(start)).isEqualTo(Map.of("issue/UNKNOWN", 1L));
    execute("truncate taskrow_task");
    assertThat(groups(start)).isEmpty();
    assertThat(count("select count(*) from taskrow_failure_hour")).isZero();
  }

  @Test
  void racingFailuresAndCompactionsCountEveryFailureOnce() throws Exception {
    Instant start = clock.instant();
    int threads = 8;
    int perThread = 60;
    List<UUID> ids = new ArrayList<>();
    for (int i = 0; i < threads * perThread; i++) {
      ids.add(taskrow.submit(NewTask.of(i % 2 == 0 ? "issue" : "ocr")));
    }
    ExecutorService pool = Executors.newFixedThreadPool(threads + 2);
    try {
      List<Future<?>> work = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        List<UUID> mine = ids.subList(t * perThread, (t + 1) * perThread);
        boolean reversed = t % 2 == 1; // groups in opposite orders in one statement
        work.add(pool.submit(failInBatches(mine, reversed)));
      }
      for (int t = 0; t < 2; t++) {
        work.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < 40; i++) {
                    taskrow.compactFailureCounts();
                  }
                  return null;
                }));
      }
      for (Future<?> f : work) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(groups(start)).isEqualTo(rowsCounted(start));
    assertThat(groups(start).values().stream().mapToLong(Long::longValue).sum())
        .isEqualTo(threads * perThread);
  }

  @Test
  void aReadOnlyConnectionStillReadsTheGroupsWithTheDeltasUnfolded() throws Exception {
    Instant start = clock.instant();
    fail(taskrow.submit(NewTask.of("ocr")), "OCR_FAILED", "one");
    taskrow.compactFailureCounts();
    fail(taskrow.submit(NewTask.of("ocr")), "OCR_FAILED", "two"); // a delta, not folded
    javax.sql.DataSource readOnly =
        (javax.sql.DataSource)
            java.lang.reflect.Proxy.newProxyInstance(
                getClass().getClassLoader(),
                new Class<?>[] {javax.sql.DataSource.class},
                (proxy, method, args) -> {
                  Object result = method.invoke(dataSource, args);
                  return result instanceof Connection c ? readOnly(c) : result;
                });
    TaskAdmin onStandby =
        TaskAdmin.of(
            Taskrow.builder(readOnly).clock(clock).kind(kind("ocr").queue("ocr").build()).build());

    assertThat(onStandby.failureGroups(start, 10))
        .extracting(FailureGroup::count)
        .containsExactly(2L);
    assertThat(count("select count(*) from taskrow_failure_delta")).isEqualTo(1);
  }

  /**
   * A pooled connection on which every transaction is read-only, as on a standby, until it goes
   * back to the pool.
   */
  private static Connection readOnly(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("set default_transaction_read_only = on");
    }
    return (Connection)
        java.lang.reflect.Proxy.newProxyInstance(
            FailureCountsTest.class.getClassLoader(),
            new Class<?>[] {Connection.class},
            (proxy, method, args) -> {
              if (method.getName().equals("close")) {
                try (Statement s = c.createStatement()) {
                  s.execute("set default_transaction_read_only = off");
                }
              }
              try {
                return method.invoke(c, args);
              } catch (java.lang.reflect.InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }

  /** Fails the tasks ten per statement, two codes mixed in each, as a completion batch does. */
  private Callable<Void> failInBatches(List<UUID> ids, boolean reversed) {
    return () -> {
      for (int from = 0; from < ids.size(); from += 10) {
        List<UUID> batch = new ArrayList<>(ids.subList(from, from + 10));
        if (reversed) {
          java.util.Collections.reverse(batch);
        }
        try (Connection c = dataSource.getConnection();
            PreparedStatement s =
                c.prepareStatement(
                    "update taskrow_task t set status = 'FAILED', finished_at = now(), due_at ="
                        + " null, error_code = case when b.n % 2 = 0 then 'A' else 'B' end from"
                        + " unnest(?::uuid[]) with ordinality as b(id, n) where t.id = b.id")) {
          s.setArray(1, c.createArrayOf("uuid", batch.toArray()));
          s.executeUpdate();
        }
      }
      return null;
    };
  }

  /** kind/code → tasks, from the API. */
  private Map<String, Long> groups(Instant since) throws SQLException {
    Map<String, Long> groups = new TreeMap<>();
    for (FailureGroup g : admin.failureGroups(since, 100)) {
      groups.put(g.kind() + "/" + g.errorCode(), g.count());
    }
    return groups;
  }

  /** kind/code → tasks, counted from the rows. */
  private Map<String, Long> rowsCounted(Instant since) throws SQLException {
    Map<String, Long> groups = new TreeMap<>();
    try (Connection c = dataSource.getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "select kind || '/' || error_code, count(*) from taskrow_task"
                    + " where status = 'FAILED' and created_at >= ? group by 1")) {
      s.setObject(1, java.time.OffsetDateTime.ofInstant(since, java.time.ZoneOffset.UTC));
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          groups.put(rs.getString(1), rs.getLong(2));
        }
      }
    }
    return groups;
  }

  private void execute(String sql) throws SQLException {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }
}
