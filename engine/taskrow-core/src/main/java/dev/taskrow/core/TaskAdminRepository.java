package dev.taskrow.core;

import dev.taskrow.core.Sql.Params;
import dev.taskrow.core.Sql.SqlArray;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;

/**
 * The admin API's statements on the task table: search, chains, the rows a bulk action takes, the
 * bulk cancel, the re-run link, counts and failure groups. The engine's own statements stay in
 * {@link TaskRepository}; rows are read with its mapping.
 */
final class TaskAdminRepository {
  private static final String NEWEST_FIRST = " order by t.created_at desc, t.id desc";

  // A FAILED row may be re-run when nothing re-ran it yet and no newer row exists for its (kind,
  // subject): a newer row is a re-run, or a new submit that took the subject's place. Both
  // subqueries are index probes (the re-run index, the subject index). "Newer" is later in the
  // search's (created_at, id) order: created_at has whole milliseconds since task ids are UUIDv7
  // (ADR 0011), and of two v7 ids of one millisecond the later one is the larger (TaskIds).
  static final String RERUNNABLE =
      """
       and t.kind = any(cast(:known_kinds as text[]))
       and not exists (select from taskrow_task r where r.rerun_of = t.id)
       and (t.subject is null
            or not exists (select from taskrow_task n
                           where n.subject = t.subject and n.kind = t.kind
                             and (n.created_at, n.id) > (t.created_at, t.id)))
      """;

  private static final Sql FIND = Sql.of("select t.* from taskrow_task t where t.id = :id");

  private static final Sql LOCK =
      Sql.of("select t.* from taskrow_task t where t.id = :id for update");

  private static final Sql CHILDREN =
      Sql.of(
          """
          select t.* from taskrow_task t where t.parent_id = :id
          order by t.created_at, t.id limit :limit
          """);

  private static final Sql RERUNS =
      Sql.of(
          """
          select t.* from taskrow_task t where t.rerun_of = :id
          order by t.created_at, t.id limit :limit
          """);

  private static final Sql RERUN_OF_ROW =
      Sql.of("select r.id from taskrow_task r where r.rerun_of = :id limit 1");

  private static final Sql NEWER_FOR_SUBJECT =
      Sql.of(
          """
          select n.id from taskrow_task n
          where n.subject = :subject and n.kind = :kind
            and (n.created_at, n.id) > (:created_at, :id)
          order by n.created_at, n.id limit 1
          """);

  private static final Sql LINK_RERUNS =
      Sql.of(
          """
          update taskrow_task t set rerun_of = d.failed
          from unnest(cast(:new_ids as uuid[]), cast(:failed_ids as uuid[])) as d(new_id, failed)
          where t.id = d.new_id
          """);

  // The bulk form of TaskRepository's CANCEL_IDLE and REQUEST_CANCEL, same effect per row.
  static final Sql CANCEL_IDLE_ALL =
      Sql.of(
          """
          update taskrow_task
          set status = 'FAILED', error_code = 'CANCELLED', last_error_code = 'CANCELLED',
              error_message = 'cancelled', cancel_requested = true,
              finished_at = :now, due_at = null, next_retry_at = null
          where id = any(cast(:ids as uuid[]))
            and (status = 'PENDING' or (status = 'PROCESSING' and locked_until is null)) is true
          returning id, queue
          """);

  static final Sql REQUEST_CANCEL_ALL =
      Sql.of(
          """
          update taskrow_task set cancel_requested = true
          where id = any(cast(:ids as uuid[])) and (status = 'PROCESSING') is true
          returning id
          """);

  private static final Sql ACTIVE_COUNTS =
      Sql.of(
          """
          select t.queue,
                 count(*) filter (where t.status = 'PENDING') as pending,
                 count(*) filter (where t.status = 'PROCESSING' and t.locked_until is not null) as running,
                 count(*) filter (where t.status = 'PROCESSING' and t.locked_until is null) as waiting
          from taskrow_task t
          where t.status in ('PENDING', 'PROCESSING')
          group by t.queue
          """);

  // Per (queue, kind) pair of the finished index, a range of it from :since, read from the index
  // alone (it includes the status); a queue with nothing finished since is left out.
  private static final Sql FINISHED_COUNTS =
      Sql.of(
          FinishedPairs.all()
              + """
              select p.queue, sum(c.succeeded) as succeeded, sum(c.failed) as failed
              from pairs p
              cross join lateral (
                    select count(*) filter (where t.status = 'SUCCESS') as succeeded,
                           count(*) filter (where t.status = 'FAILED') as failed
                    from taskrow_task t
                    where t.status in ('SUCCESS', 'FAILED') and t.queue = p.queue
                      and t.kind = p.kind and t.created_at >= :since) c
              group by p.queue
              having sum(c.succeeded) + sum(c.failed) > 0
              """);

  // The window's whole hours from the per-hour failure counts and the deltas not folded into them
  // yet (V10, ADR 0017): a few rows per hour, however many tasks failed; its first, partial hour
  // from a range of the failed-window index alone (it includes kind, queue and code). One
  // statement, so one snapshot: a failure is counted once, as a delta or in its hour. The newest
  // message of each group is one backward probe of the failed-code index and one row.
  private static final Sql FAILURE_GROUPS =
      Sql.of(
          """
          select g.kind, g.queue, nullif(g.error_code, '') as error_code, g.tasks, newest.id,
                 newest.created_at, newest.error_message
          from (select c.kind, c.queue, c.error_code, sum(c.tasks) as tasks
                from (select h.kind, h.queue, h.error_code, h.tasks
                      from taskrow_failure_hour h where h.hour >= :whole_from
                      union all
                      select d.kind, d.queue, d.error_code, d.tasks
                      from taskrow_failure_delta d where d.hour >= :whole_from
                      union all
                      select t.kind, t.queue, coalesce(t.error_code, ''), 1
                      from taskrow_task t
                      where t.status = 'FAILED' and t.created_at >= :since
                        and t.created_at < :whole_from) c
                group by c.kind, c.queue, c.error_code
                having sum(c.tasks) > 0) g
          left join lateral (
                select f.id, f.created_at, f.error_message from taskrow_task f
                where f.status = 'FAILED' and f.error_code = nullif(g.error_code, '')
                  and f.kind = g.kind and f.queue = g.queue
                order by f.created_at desc, f.id desc
                limit 1) newest on true
          order by g.tasks desc, g.kind, g.error_code
          limit :limit
          """);

  private final Clock clock;

  TaskAdminRepository(Clock clock) {
    this.clock = clock;
  }

  /**
   * One page, newest first, after the cursor. The active and the finished part of the table are
   * searched apart, each through its own index in (created_at, id) order, and merged.
   */
  List<Task> search(Connection c, TaskFilter filter, TaskCursor after, int limit)
      throws SQLException {
    List<String> parts = TaskFilterSql.parts(filter);
    if (parts.isEmpty()) {
      return List.of();
    }
    String conditions =
        TaskFilterSql.fields(filter)
            + (after == null ? "" : " and (t.created_at, t.id) < (:after_at, :after_id)");
    List<String> branches = new ArrayList<>();
    for (String part : parts) {
      branches.add(
          byFinishedPairs(part, filter)
              ? pairsBranch(part, filter, conditions)
              : "select t.* from taskrow_task t where "
                  + part
                  + conditions
                  + NEWEST_FIRST
                  + " limit :limit");
    }
    String text =
        branches.size() == 1
            ? branches.getFirst()
            : "select t.* from (("
                + String.join(") union all (", branches)
                + ")) t"
                + NEWEST_FIRST
                + " limit :limit";
    Params params =
        TaskFilterSql.bind(Sql.params(), filter)
            .with("after_at", after == null ? null : after.createdAt())
            .with("after_id", after == null ? null : after.id())
            .with("limit", limit);
    return tasks(c, Sql.of(text), params);
  }

  /**
   * Whether the finished part is read one (queue, kind) pair at a time (V9's finished index leads
   * with both). Not when both are given (one range of the index), nor when an error code or a
   * subject narrows it (their own indexes find the few rows), nor for FAILED rows (the
   * failed-window index is in (created_at, id) order already).
   */
  private static boolean byFinishedPairs(String part, TaskFilter filter) {
    return part.startsWith(TaskFilterSql.FINISHED)
        && filter.status() != TaskStatus.FAILED
        && filter.errorCode() == null
        && filter.subject() == null
        && (filter.queue() == null || filter.kind() == null);
  }

  /**
   * The newest page of each (queue, kind) pair of the finished index, merged: a backward walk of
   * one range per pair that stops at the page size, so the page costs the pairs times the page,
   * however many rows the table keeps.
   */
  private static String pairsBranch(String part, TaskFilter filter, String conditions) {
    return "("
        + (filter.queue() == null ? FinishedPairs.all() : FinishedPairs.ofQueue())
        + "select t.* from pairs p cross join lateral (select t.* from taskrow_task t where "
        + part
        + " and t.queue = p.queue and t.kind = p.kind"
        + conditions
        + NEWEST_FIRST
        + " limit :limit) t"
        + (filter.kind() == null ? "" : " where p.kind = :f_kind")
        + NEWEST_FIRST
        + " limit :limit)";
  }

  /**
   * How many rows match {@code part} and the filter, counting at most {@code cap} (a count past a
   * bulk action's limit is not worth reading a million index entries for).
   */
  int count(Connection c, String part, TaskFilter filter, String[] knownKinds, int cap)
      throws SQLException {
    Sql sql =
        Sql.of(
            "select count(*) from (select from taskrow_task t where "
                + part
                + TaskFilterSql.fields(filter)
                + " limit :cap) matching");
    Params params =
        TaskFilterSql.bind(Sql.params(), filter)
            .with("cap", cap)
            .with("known_kinds", new SqlArray("text", knownKinds));
    try (PreparedStatement statement = sql.prepare(c, clock, params);
        ResultSet rs = statement.executeQuery()) {
      rs.next();
      return rs.getInt(1);
    }
  }

  /** Locks the rows that match (at most {@code cap}), oldest first, and returns their ids. */
  List<UUID> lockMatching(
      Connection c, String part, TaskFilter filter, String[] knownKinds, int cap)
      throws SQLException {
    Sql sql =
        Sql.of(
            "select t.id from taskrow_task t where "
                + part
                + TaskFilterSql.fields(filter)
                + " order by t.created_at, t.id limit :cap for update of t");
    Params params =
        TaskFilterSql.bind(Sql.params(), filter)
            .with("cap", cap)
            .with("known_kinds", new SqlArray("text", knownKinds));
    List<UUID> ids = new ArrayList<>();
    try (PreparedStatement statement = sql.prepare(c, clock, params);
        ResultSet rs = statement.executeQuery()) {
      while (rs.next()) {
        ids.add(rs.getObject(1, UUID.class));
      }
    }
    return ids;
  }

  /**
   * Of the locked rows, those still re-runnable, read by a new statement: under READ COMMITTED it
   * sees what a concurrent admin action committed while this one waited for the locks.
   */
  List<Task> stillRerunnable(Connection c, List<UUID> ids, String[] knownKinds)
      throws SQLException {
    Sql sql =
        Sql.of(
            "select t.* from taskrow_task t where t.id = any(cast(:ids as uuid[]))"
                + " and t.status = 'FAILED'"
                + RERUNNABLE
                + " order by t.created_at, t.id");
    return tasks(
        c,
        sql,
        Sql.params()
            .with("ids", new SqlArray("uuid", ids.toArray()))
            .with("known_kinds", new SqlArray("text", knownKinds)));
  }

  Optional<Row> find(Connection c, UUID id) throws SQLException {
    return row(c, FIND, id);
  }

  Optional<Row> lock(Connection c, UUID id) throws SQLException {
    return row(c, LOCK, id);
  }

  private Optional<Row> row(Connection c, Sql sql, UUID id) throws SQLException {
    try (PreparedStatement statement = sql.prepare(c, clock, Sql.params().with("id", id));
        ResultSet rs = statement.executeQuery()) {
      return rs.next()
          ? Optional.of(new Row(TaskRepository.mapTask(rs), rs.getObject("rerun_of", UUID.class)))
          : Optional.empty();
    }
  }

  List<Task> children(Connection c, UUID id, int limit) throws SQLException {
    return tasks(c, CHILDREN, Sql.params().with("id", id).with("limit", limit));
  }

  List<Task> reruns(Connection c, UUID id, int limit) throws SQLException {
    return tasks(c, RERUNS, Sql.params().with("id", id).with("limit", limit));
  }

  /** The row that re-ran this task or took its subject's place since, if any. */
  Optional<UUID> supersededBy(Connection c, Task task) throws SQLException {
    Optional<UUID> rerun = id(c, RERUN_OF_ROW, Sql.params().with("id", task.id()));
    if (rerun.isPresent() || task.subject() == null) {
      return rerun;
    }
    return id(
        c,
        NEWER_FOR_SUBJECT,
        Sql.params()
            .with("subject", task.subject())
            .with("kind", task.kind())
            .with("created_at", task.createdAt())
            .with("id", task.id()));
  }

  void linkReruns(Connection c, List<UUID> newIds, List<UUID> failedIds) throws SQLException {
    Params params =
        Sql.params()
            .with("new_ids", new SqlArray("uuid", newIds.toArray()))
            .with("failed_ids", new SqlArray("uuid", failedIds.toArray()));
    try (PreparedStatement statement = LINK_RERUNS.prepare(c, clock, params)) {
      statement.executeUpdate();
    }
  }

  /** Cancels the rows that are not running; returns id → queue of each. */
  Map<UUID, String> cancelIdle(Connection c, List<UUID> ids) throws SQLException {
    Map<UUID, String> cancelled = new TreeMap<>();
    Params params = Sql.params().with("ids", new SqlArray("uuid", ids.toArray()));
    try (PreparedStatement statement = CANCEL_IDLE_ALL.prepare(c, clock, params);
        ResultSet rs = statement.executeQuery()) {
      while (rs.next()) {
        cancelled.put(rs.getObject(1, UUID.class), rs.getString(2));
      }
    }
    return cancelled;
  }

  /** Asks the running ones among the rows to stop; returns their ids. */
  List<UUID> requestCancel(Connection c, List<UUID> ids) throws SQLException {
    return idsOf(
        c, REQUEST_CANCEL_ALL, Sql.params().with("ids", new SqlArray("uuid", ids.toArray())));
  }

  private List<UUID> idsOf(Connection c, Sql sql, Params params) throws SQLException {
    List<UUID> ids = new ArrayList<>();
    try (PreparedStatement statement = sql.prepare(c, clock, params);
        ResultSet rs = statement.executeQuery()) {
      while (rs.next()) {
        ids.add(rs.getObject(1, UUID.class));
      }
    }
    return ids;
  }

  /** queue → {pending, running, waiting} */
  Map<String, long[]> activeCounts(Connection c) throws SQLException {
    Map<String, long[]> counts = new TreeMap<>();
    try (PreparedStatement statement = ACTIVE_COUNTS.prepare(c, clock, Sql.params());
        ResultSet rs = statement.executeQuery()) {
      while (rs.next()) {
        counts.put(
            rs.getString("queue"),
            new long[] {rs.getLong("pending"), rs.getLong("running"), rs.getLong("waiting")});
      }
    }
    return counts;
  }

  /** queue → {succeeded, failed}, of the tasks created since. */
  Map<String, long[]> finishedCounts(Connection c, Instant since) throws SQLException {
    Map<String, long[]> counts = new TreeMap<>();
    try (PreparedStatement statement =
            FINISHED_COUNTS.prepare(c, clock, Sql.params().with("since", since));
        ResultSet rs = statement.executeQuery()) {
      while (rs.next()) {
        counts.put(
            rs.getString("queue"), new long[] {rs.getLong("succeeded"), rs.getLong("failed")});
      }
    }
    return counts;
  }

  List<FailureGroup> failureGroups(Connection c, Instant since, int limit) throws SQLException {
    List<FailureGroup> groups = new ArrayList<>();
    // The first whole hour (UTC) at or after since: the counts' hours are UTC hours.
    Instant hour = since.truncatedTo(ChronoUnit.HOURS);
    Instant wholeFrom = hour.equals(since) ? since : hour.plus(1, ChronoUnit.HOURS);
    Params params =
        Sql.params().with("since", since).with("whole_from", wholeFrom).with("limit", limit);
    try (PreparedStatement statement = FAILURE_GROUPS.prepare(c, clock, params);
        ResultSet rs = statement.executeQuery()) {
      while (rs.next()) {
        groups.add(
            new FailureGroup(
                rs.getString("kind"),
                rs.getString("queue"),
                rs.getString("error_code"),
                rs.getLong("tasks"),
                TaskRepository.instant(rs, "created_at"),
                rs.getObject("id", UUID.class),
                rs.getString("error_message")));
      }
    }
    return groups;
  }

  private Optional<UUID> id(Connection c, Sql sql, Params params) throws SQLException {
    try (PreparedStatement statement = sql.prepare(c, clock, params);
        ResultSet rs = statement.executeQuery()) {
      return rs.next() ? Optional.of(rs.getObject(1, UUID.class)) : Optional.empty();
    }
  }

  private List<Task> tasks(Connection c, Sql sql, Params params) throws SQLException {
    List<Task> tasks = new ArrayList<>();
    try (PreparedStatement statement = sql.prepare(c, clock, params);
        ResultSet rs = statement.executeQuery()) {
      while (rs.next()) {
        tasks.add(TaskRepository.mapTask(rs));
      }
    }
    return tasks;
  }

  /** A task row with the re-run link, which {@link Task} does not carry. */
  record Row(Task task, UUID rerunOf) {}
}
