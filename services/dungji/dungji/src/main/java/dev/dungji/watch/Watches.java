package dev.dungji.watch;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The dungji_watch and dungji_watch_run tables; joins the current Spring transaction. */
public class Watches {
  private static final String COLUMNS =
      "id, nest_id, owner_id, every_days, until_date, next_due_at, stopped_at, created_at";

  private final JdbcClient jdbc;

  public Watches(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** Starts (or restarts, with a new schedule) the nest's watch. */
  public Watch upsert(long nestId, long ownerId, int everyDays, LocalDate until, Instant firstDue) {
    return jdbc.sql(
            """
            INSERT INTO dungji_watch (nest_id, owner_id, every_days, until_date, next_due_at)
            VALUES (:nest, :owner, :every, :until, :due)
            ON CONFLICT (nest_id) DO UPDATE SET every_days = EXCLUDED.every_days,
              until_date = EXCLUDED.until_date, next_due_at = EXCLUDED.next_due_at,
              stopped_at = NULL
            RETURNING\s"""
                + COLUMNS)
        .param("nest", nestId)
        .param("owner", ownerId)
        .param("every", everyDays)
        .param("until", until)
        .param("due", Timestamp.from(firstDue))
        .query(Watches::map)
        .single();
  }

  public Optional<Watch> byNest(long nestId) {
    return jdbc.sql("SELECT " + COLUMNS + " FROM dungji_watch WHERE nest_id = :nest")
        .param("nest", nestId)
        .query(Watches::map)
        .optional();
  }

  public void stop(long watchId, Instant at) {
    jdbc.sql("UPDATE dungji_watch SET stopped_at = :at WHERE id = :id AND stopped_at IS NULL")
        .param("at", Timestamp.from(at))
        .param("id", watchId)
        .update();
  }

  /**
   * One due watch, row-locked for the caller's transaction; SKIP LOCKED so that another instance's
   * scan takes the next one instead of waiting for this one.
   */
  public Optional<Watch> lockOneDue(Instant now) {
    return jdbc.sql(
            "SELECT "
                + COLUMNS
                + """
                 FROM dungji_watch
                WHERE stopped_at IS NULL AND next_due_at <= :now
                ORDER BY next_due_at
                LIMIT 1
                FOR UPDATE SKIP LOCKED
                """)
        .param("now", Timestamp.from(now))
        .query(Watches::map)
        .optional();
  }

  /** The watch again, locked, if its slot is still {@code slot} (no other scan moved it on). */
  public Optional<Watch> lockAtSlot(long watchId, Instant slot) {
    return jdbc.sql(
            "SELECT "
                + COLUMNS
                + " FROM dungji_watch WHERE id = :id AND next_due_at = :slot AND stopped_at IS NULL"
                + " FOR UPDATE")
        .param("id", watchId)
        .param("slot", Timestamp.from(slot))
        .query(Watches::map)
        .optional();
  }

  public void moveTo(long watchId, Instant nextDue) {
    jdbc.sql("UPDATE dungji_watch SET next_due_at = :due WHERE id = :id")
        .param("due", Timestamp.from(nextDue))
        .param("id", watchId)
        .update();
  }

  /**
   * Records what a slot did. False when the slot has a record already: the primary key (watch,
   * slot) is what makes a slot's issuance happen once.
   */
  public boolean recordRun(
      long watchId, Instant slot, String outcome, UUID issuanceTaskId, String errorCode) {
    return jdbc.sql(
                """
                INSERT INTO dungji_watch_run (watch_id, slot, outcome, issuance_task_id, error_code)
                VALUES (:watch, :slot, :outcome, :task, :code)
                ON CONFLICT (watch_id, slot) DO NOTHING
                """)
            .param("watch", watchId)
            .param("slot", Timestamp.from(slot))
            .param("outcome", outcome)
            .param("task", issuanceTaskId)
            .param("code", errorCode)
            .update()
        == 1;
  }

  /** One slot's record. */
  public record Run(Instant slot, String outcome, UUID issuanceTaskId, String errorCode) {}

  /** The newest runs of a watch first. */
  public List<Run> runs(long watchId, int limit) {
    return jdbc.sql(
            "SELECT slot, outcome, issuance_task_id, error_code FROM dungji_watch_run"
                + " WHERE watch_id = :watch ORDER BY slot DESC LIMIT :limit")
        .param("watch", watchId)
        .param("limit", limit)
        .query(
            (rs, row) ->
                new Run(
                    rs.getTimestamp("slot").toInstant(),
                    rs.getString("outcome"),
                    rs.getObject("issuance_task_id", UUID.class),
                    rs.getString("error_code")))
        .list();
  }

  /** Whether the nest has an active watch (the analysis diffs only then). */
  public boolean watched(long nestId) {
    return jdbc.sql(
                "SELECT count(*) FROM dungji_watch WHERE nest_id = :nest AND stopped_at IS NULL")
            .param("nest", nestId)
            .query(Long.class)
            .single()
        > 0;
  }

  private static Watch map(ResultSet rs, int row) throws SQLException {
    Timestamp stopped = rs.getTimestamp("stopped_at");
    return new Watch(
        rs.getLong("id"),
        rs.getLong("nest_id"),
        rs.getLong("owner_id"),
        rs.getInt("every_days"),
        rs.getObject("until_date", LocalDate.class),
        rs.getTimestamp("next_due_at").toInstant(),
        stopped == null ? null : stopped.toInstant(),
        rs.getTimestamp("created_at").toInstant());
  }
}
