package dev.dungji.watch;

import dev.dungji.register.RegisterChange;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The dungji_register_change table; joins the current Spring transaction (a task's). */
public class RegisterChanges {
  private static final String COLUMNS =
      "id, nest_id, owner_id, analysis_task_id, change_type, section, rank, right_kind,"
          + " description, created_at, notified_at";

  private final JdbcClient jdbc;

  public RegisterChanges(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** A change event as stored. */
  public record Recorded(
      long id,
      long nestId,
      long ownerId,
      UUID analysisTaskId,
      String type,
      String section,
      String rank,
      String kind,
      String description,
      Instant createdAt,
      Instant notifiedAt) {}

  public long insert(
      long nestId, long ownerId, UUID analysisTaskId, UUID previousTaskId, RegisterChange c) {
    return jdbc.sql(
            """
            INSERT INTO dungji_register_change (nest_id, owner_id, analysis_task_id,
              previous_task_id, change_type, section, rank, right_kind, description)
            VALUES (:nest, :owner, :task, :previous, :type, :section, :rank, :kind, :description)
            RETURNING id
            """)
        .param("nest", nestId)
        .param("owner", ownerId)
        .param("task", analysisTaskId)
        .param("previous", previousTaskId)
        .param("type", c.type().name())
        .param("section", c.section() == null ? null : c.section().name())
        .param("rank", c.rank())
        .param("kind", c.kind() == null ? null : c.kind().name())
        .param("description", c.describe())
        .query(Long.class)
        .single();
  }

  public Optional<Recorded> byId(long id) {
    return jdbc.sql("SELECT " + COLUMNS + " FROM dungji_register_change WHERE id = :id")
        .param("id", id)
        .query(RegisterChanges::map)
        .optional();
  }

  /** The nest's change events, newest first. */
  public List<Recorded> ofNest(long nestId, int limit) {
    return jdbc.sql(
            "SELECT "
                + COLUMNS
                + " FROM dungji_register_change WHERE nest_id = :nest ORDER BY id DESC LIMIT :limit")
        .param("nest", nestId)
        .param("limit", limit)
        .query(RegisterChanges::map)
        .list();
  }

  public void markNotified(long id, Instant at) {
    jdbc.sql("UPDATE dungji_register_change SET notified_at = :at WHERE id = :id")
        .param("at", Timestamp.from(at))
        .param("id", id)
        .update();
  }

  private static Recorded map(ResultSet rs, int row) throws SQLException {
    Timestamp notified = rs.getTimestamp("notified_at");
    return new Recorded(
        rs.getLong("id"),
        rs.getLong("nest_id"),
        rs.getLong("owner_id"),
        rs.getObject("analysis_task_id", UUID.class),
        rs.getString("change_type"),
        rs.getString("section"),
        rs.getString("rank"),
        rs.getString("right_kind"),
        rs.getString("description"),
        rs.getTimestamp("created_at").toInstant(),
        notified == null ? null : notified.toInstant());
  }
}
