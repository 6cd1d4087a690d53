package dev.dungji.registry;

import java.math.BigDecimal;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The dungji_registry_analysis table; joins the current Spring transaction (a task's). */
public class RegistryAnalyses {
  private final JdbcClient jdbc;

  public RegistryAnalyses(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** One analysed register. */
  public record Analysis(
      UUID analysisTaskId,
      long fileId,
      long nestId,
      String register,
      Boolean uncertain,
      BigDecimal confidence) {}

  public void insert(UUID analysisTaskId, long fileId, long nestId) {
    jdbc.sql(
            "INSERT INTO dungji_registry_analysis (analysis_task_id, file_id, nest_id)"
                + " VALUES (:task, :file, :nest)")
        .param("task", analysisTaskId)
        .param("file", fileId)
        .param("nest", nestId)
        .update();
  }

  public void save(UUID analysisTaskId, String registerJson, boolean uncertain, double confidence) {
    jdbc.sql(
            "UPDATE dungji_registry_analysis SET register = CAST(:register AS jsonb),"
                + " uncertain = :uncertain, confidence = :confidence, analysed_at = now()"
                + " WHERE analysis_task_id = :task")
        .param("register", registerJson)
        .param("uncertain", uncertain)
        .param(
            "confidence", BigDecimal.valueOf(confidence).setScale(3, java.math.RoundingMode.DOWN))
        .param("task", analysisTaskId)
        .update();
  }

  public Optional<Analysis> byTask(UUID analysisTaskId) {
    return jdbc.sql(
            "SELECT analysis_task_id, file_id, nest_id, register, uncertain, confidence"
                + " FROM dungji_registry_analysis WHERE analysis_task_id = :task")
        .param("task", analysisTaskId)
        .query(
            (rs, row) ->
                new Analysis(
                    rs.getObject("analysis_task_id", UUID.class),
                    rs.getLong("file_id"),
                    rs.getLong("nest_id"),
                    rs.getString("register"),
                    (Boolean) rs.getObject("uncertain"),
                    rs.getBigDecimal("confidence")))
        .optional();
  }

  /** The analysis task that follows an OCR task's file. */
  public Optional<UUID> taskOfFile(long fileId) {
    return jdbc.sql("SELECT analysis_task_id FROM dungji_registry_analysis WHERE file_id = :file")
        .param("file", fileId)
        .query(UUID.class)
        .optional();
  }

  /** Whether the nest has an analysed register (a watch has something to compare with). */
  public boolean hasRegister(long nestId) {
    return jdbc.sql(
                "SELECT count(*) FROM dungji_registry_analysis"
                    + " WHERE nest_id = :nest AND register IS NOT NULL")
            .param("nest", nestId)
            .query(Long.class)
            .single()
        > 0;
  }

  /** An analysed register and its task. */
  public record Stored(UUID analysisTaskId, String register) {}

  /**
   * The nest's newest analysed register other than {@code analysisTaskId}'s: what a watch compares
   * a new certificate with. By the file's id, the order in which certificates were issued.
   */
  public Optional<Stored> previousRegister(long nestId, UUID analysisTaskId) {
    return jdbc.sql(
            """
            SELECT analysis_task_id, register FROM dungji_registry_analysis
             WHERE nest_id = :nest AND register IS NOT NULL AND analysis_task_id <> :task
             ORDER BY file_id DESC
             LIMIT 1
            """)
        .param("nest", nestId)
        .param("task", analysisTaskId)
        .query(
            (rs, row) ->
                new Stored(rs.getObject("analysis_task_id", UUID.class), rs.getString("register")))
        .optional();
  }
}
