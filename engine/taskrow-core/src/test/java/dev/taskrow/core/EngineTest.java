package dev.taskrow.core;

import static org.awaitility.Awaitility.await;

import dev.taskrow.test.SettableClock;
import dev.taskrow.test.TaskAwait;
import dev.taskrow.test.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * Shared set-up for engine tests: a real PostgreSQL, an empty task table, no paused queue, no
 * registered worker, a business table that handlers write to, and workers that are always shut
 * down.
 */
abstract class EngineTest {
  protected final DataSource dataSource = TestDatabase.dataSource();
  // Whole milliseconds: PostgreSQL keeps microseconds and rounds what is finer.
  protected final SettableClock clock =
      new SettableClock(java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.MILLIS));
  private final List<Worker> workers = new ArrayList<>();

  @BeforeEach
  void cleanDatabase() throws SQLException {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      s.execute(
          "create table if not exists test_effect (task_id uuid not null, worker text, note text)");
    }
    TestDatabase.truncate("test_effect", "taskrow_paused_queue", "taskrow_worker");
  }

  @AfterEach
  void stopWorkers() {
    for (Worker worker : workers) {
      worker.shutdown(Duration.ofSeconds(5));
    }
  }

  /**
   * Turns autovacuum of the task table off or back on: a test that reads plans or statistics must
   * not have them replanned or corrected underneath it.
   */
  protected void taskTableAutovacuum(boolean on) throws SQLException {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      s.execute(
          on
              ? "alter table taskrow_task reset (autovacuum_enabled)"
              : "alter table taskrow_task set (autovacuum_enabled = false)");
    }
  }

  /** Starts a worker and shuts it down after the test. */
  protected Worker start(Worker.Builder builder) {
    Worker worker = builder.build();
    workers.add(worker);
    return worker.start();
  }

  protected Worker track(Worker worker) {
    workers.add(worker);
    return worker;
  }

  /** An engine on the test's settable clock with one kind. */
  protected Taskrow engine(TaskKind kind) {
    return Taskrow.builder(dataSource).clock(clock).kind(kind).build();
  }

  /** Starts a worker that runs kind "k" of the default queue, one task at a time. */
  protected Worker runKind(Taskrow taskrow, TaskHandler handler) {
    return start(
        taskrow
            .worker()
            .pollInterval(Duration.ofMillis(20))
            .queue("default", 1)
            .handler("k", handler));
  }

  protected static TaskKind.Builder kind(String name) {
    return TaskKind.named(name).retryPolicy(RetryPolicy.fixed(Duration.ofSeconds(10)));
  }

  /** Writes one business row inside the task's transaction. */
  protected static void writeEffect(TaskContext context, String worker) throws SQLException {
    try (PreparedStatement s =
        context
            .connection()
            .prepareStatement("insert into test_effect (task_id, worker) values (?, ?)")) {
      s.setObject(1, context.taskId());
      s.setString(2, worker);
      s.executeUpdate();
    }
  }

  protected long effects(UUID taskId) throws SQLException {
    return count("select count(*) from test_effect where task_id = '" + taskId + "'");
  }

  protected long count(String sql) throws SQLException {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /** SQL inserting {@code rows} finished tasks of kind "k": the bulk a table keeps behind it. */
  protected static String insertFinished(int rows) {
    return "insert into taskrow_task (id, kind, queue, status, max_attempts, attempt_count,"
        + " fence_token, finished_at)"
        + " select gen_random_uuid(), 'k', 'default', 'SUCCESS', 3, 1, 1, now()"
        + " from generate_series(1, "
        + rows
        + ")";
  }

  /** The task table's whole-table scans, and the rows its scans returned. */
  protected record Reads(long wholeTableScans, long rows) {
    Reads since(Reads before) {
      return new Reads(wholeTableScans - before.wholeTableScans, rows - before.rows);
    }
  }

  /** What this connection's open transaction has read of the task table so far. */
  protected static Reads reads(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "select seq_scan, seq_tup_read + coalesce(idx_tup_fetch, 0)"
                    + " from pg_stat_xact_user_tables where relname = 'taskrow_task'")) {
      return rs.next() ? new Reads(rs.getLong(1), rs.getLong(2)) : new Reads(0, 0);
    }
  }

  protected static Task find(Taskrow taskrow, UUID id) throws SQLException {
    return taskrow.find(id).orElseThrow();
  }

  /**
   * Waits for the task's row to have {@code status}, with the test kit's {@link TaskAwait}, which
   * reads the row; {@code taskrow} is the engine the test submitted it to, kept so the tests read
   * as they did.
   */
  protected static void awaitStatus(Taskrow taskrow, UUID id, TaskStatus status) {
    TaskAwait.awaitStatus(TestDatabase.dataSource(), id, status);
  }

  protected static void awaitTrue(Callable<Boolean> condition) {
    awaitTrue(condition, Duration.ofSeconds(20));
  }

  protected static void awaitTrue(Callable<Boolean> condition, Duration atMost) {
    await().atMost(atMost).pollInterval(Duration.ofMillis(10)).until(condition);
  }
}
