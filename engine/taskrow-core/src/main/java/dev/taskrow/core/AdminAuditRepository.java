package dev.taskrow.core;

import dev.taskrow.core.Sql.Params;
import dev.taskrow.core.Sql.SqlArray;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The audit of admin actions: written by each action on the action's own connection, so the row and
 * the change commit or roll back together.
 */
final class AdminAuditRepository {
  private static final Sql INSERT =
      Sql.of(
          """
          insert into taskrow_admin_audit (at, actor, action, task_ids, queue, filter, affected, detail)
          values (:now, :actor, :action, cast(:task_ids as uuid[]), :queue, cast(:filter as jsonb),
                  :affected, :detail)
          returning id
          """);

  private static final Sql FOR_TASK =
      Sql.of(
          """
          select * from taskrow_admin_audit
          where task_ids @> array[cast(:id as uuid)]
          order by at desc, id desc limit :limit
          """);

  private static final Sql RECENT =
      Sql.of(
          """
          select * from taskrow_admin_audit
          where id < coalesce(cast(:before as bigint), 9223372036854775807)
          order by id desc limit :limit
          """);

  private final Clock clock;

  AdminAuditRepository(Clock clock) {
    this.clock = clock;
  }

  /** Writes one entry; returns its id. */
  long write(
      Connection c,
      String actor,
      String action,
      List<UUID> taskIds,
      String queue,
      String filterJson,
      int affected,
      String detail)
      throws SQLException {
    Params params =
        Sql.params()
            .with("actor", actor)
            .with("action", action)
            .with("task_ids", new SqlArray("uuid", taskIds.toArray()))
            .with("queue", queue)
            .with("filter", filterJson)
            .with("affected", affected)
            .with("detail", detail);
    try (PreparedStatement statement = INSERT.prepare(c, clock, params);
        ResultSet rs = statement.executeQuery()) {
      rs.next();
      return rs.getLong(1);
    }
  }

  List<AuditEntry> forTask(Connection c, UUID id, int limit) throws SQLException {
    return entries(c, FOR_TASK, Sql.params().with("id", id).with("limit", limit));
  }

  /** The newest entries, before the entry {@code beforeId} when it is not null. */
  List<AuditEntry> recent(Connection c, Long beforeId, int limit) throws SQLException {
    return entries(c, RECENT, Sql.params().with("before", beforeId).with("limit", limit));
  }

  private List<AuditEntry> entries(Connection c, Sql sql, Params params) throws SQLException {
    List<AuditEntry> entries = new ArrayList<>();
    try (PreparedStatement statement = sql.prepare(c, clock, params);
        ResultSet rs = statement.executeQuery()) {
      while (rs.next()) {
        entries.add(
            new AuditEntry(
                rs.getLong("id"),
                TaskRepository.instant(rs, "at"),
                rs.getString("actor"),
                rs.getString("action"),
                uuids(rs.getArray("task_ids")),
                rs.getString("queue"),
                rs.getString("filter"),
                rs.getInt("affected"),
                rs.getString("detail")));
      }
    }
    return entries;
  }

  private static List<UUID> uuids(Array array) throws SQLException {
    List<UUID> ids = new ArrayList<>();
    if (array != null) {
      for (Object id : (Object[]) array.getArray()) {
        ids.add(id instanceof UUID uuid ? uuid : UUID.fromString(id.toString()));
      }
    }
    return ids;
  }
}
