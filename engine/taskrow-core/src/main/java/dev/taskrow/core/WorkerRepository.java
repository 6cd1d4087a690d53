package dev.taskrow.core;

import dev.taskrow.core.Sql.Params;
import dev.taskrow.core.Sql.SqlArray;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The statements on the worker registry ({@code taskrow_worker}). */
final class WorkerRepository {
  // The row as the worker states it; a heartbeat writes it again whole, so a row deleted meanwhile
  // (pruned while the worker was cut off for a day, deleted by hand) comes back.
  private static final String UPSERT =
      """
      insert into taskrow_worker
          (id, host, pid, queues, started_at, last_heartbeat_at, heartbeat_interval_ms, running,
           draining)
      select :id, :host, :pid, jsonb_object_agg(q.name, q.concurrency),
             coalesce(cast(:started_at as timestamptz), :now), :now, :heartbeat_ms, :running,
             :draining
      from unnest(cast(:queue_names as text[]), cast(:concurrencies as int[])) as q(name, concurrency)
      on conflict (id) do update
      set host = excluded.host, pid = excluded.pid, queues = excluded.queues,
          last_heartbeat_at = excluded.last_heartbeat_at,
          heartbeat_interval_ms = excluded.heartbeat_interval_ms,
          running = excluded.running, draining = excluded.draining
      """;

  // A start: a row left by an earlier process with the same id is replaced, start time included.
  private static final Sql REGISTER =
      Sql.of(UPSERT + ", started_at = excluded.started_at returning started_at");

  private static final Sql HEARTBEAT = Sql.of(UPSERT);

  private static final Sql DEREGISTER = Sql.of("delete from taskrow_worker where id = :id");

  private static final Sql LIST =
      Sql.of(
          """
          select w.*, q.names, q.concurrencies,
                 w.last_heartbeat_at >= :now - 3 * w.heartbeat_interval_ms * interval '1 millisecond'
                     as alive
          from taskrow_worker w
          cross join lateral (
              select array_agg(key order by key) as names,
                     array_agg(cast(value as int) order by key) as concurrencies
              from jsonb_each_text(w.queues)) q
          order by w.started_at, w.id
          """);

  private static final Sql PRUNE_GONE =
      Sql.of(
          """
          delete from taskrow_worker
          where last_heartbeat_at < :now - :age_ms * interval '1 millisecond'
          """);

  private final Clock clock;

  /** {@code clock} null: the database clock, as in production. */
  WorkerRepository(Clock clock) {
    this.clock = clock;
  }

  /** What a worker writes into its row. */
  record Row(
      String id,
      String host,
      long pid,
      Map<String, Integer> queues,
      Duration heartbeatInterval,
      int running,
      boolean draining) {}

  /** Writes the row of a worker that starts now; returns its start time, by the database clock. */
  Instant register(Connection c, Row row) throws SQLException {
    try (PreparedStatement statement = REGISTER.prepare(c, clock, params(row, null));
        ResultSet rs = statement.executeQuery()) {
      rs.next();
      return TaskRepository.instant(rs, "started_at");
    }
  }

  /** Writes the row again with the time of now; {@code startedAt} if it has to be re-created. */
  void heartbeat(Connection c, Row row, Instant startedAt) throws SQLException {
    try (PreparedStatement statement = HEARTBEAT.prepare(c, clock, params(row, startedAt))) {
      statement.executeUpdate();
    }
  }

  void deregister(Connection c, String id) throws SQLException {
    try (PreparedStatement statement = DEREGISTER.prepare(c, clock, Sql.params().with("id", id))) {
      statement.executeUpdate();
    }
  }

  /** Deletes the rows of workers that have not heartbeated for {@code age}; returns how many. */
  int pruneGone(Connection c, Duration age) throws SQLException {
    try (PreparedStatement statement =
        PRUNE_GONE.prepare(c, clock, Sql.params().with("age_ms", age.toMillis()))) {
      return statement.executeUpdate();
    }
  }

  /** Every registered worker, the oldest first. */
  List<RegisteredWorker> list(Connection c) throws SQLException {
    List<RegisteredWorker> workers = new ArrayList<>();
    try (PreparedStatement statement = LIST.prepare(c, clock, Sql.params());
        ResultSet rs = statement.executeQuery()) {
      while (rs.next()) {
        workers.add(
            new RegisteredWorker(
                rs.getString("id"),
                rs.getString("host"),
                rs.getLong("pid"),
                queues(rs.getArray("names"), rs.getArray("concurrencies")),
                TaskRepository.instant(rs, "started_at"),
                TaskRepository.instant(rs, "last_heartbeat_at"),
                Duration.ofMillis(rs.getLong("heartbeat_interval_ms")),
                rs.getInt("running"),
                rs.getBoolean("draining"),
                rs.getBoolean("alive")));
      }
    }
    return workers;
  }

  private static Params params(Row row, Instant startedAt) {
    return Sql.params()
        .with("id", row.id())
        .with("host", row.host())
        .with("pid", row.pid())
        .with("queue_names", new SqlArray("text", row.queues().keySet().toArray()))
        .with("concurrencies", new SqlArray("int4", row.queues().values().toArray()))
        .with("started_at", startedAt)
        .with("heartbeat_ms", row.heartbeatInterval().toMillis())
        .with("running", row.running())
        .with("draining", row.draining());
  }

  private static Map<String, Integer> queues(Array names, Array concurrencies) throws SQLException {
    String[] queueNames = (String[]) names.getArray();
    Integer[] queueConcurrencies = (Integer[]) concurrencies.getArray();
    Map<String, Integer> queues = new LinkedHashMap<>();
    for (int i = 0; i < queueNames.length; i++) {
      queues.put(queueNames[i], queueConcurrencies[i]);
    }
    return queues;
  }
}
