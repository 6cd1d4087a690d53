package dev.dungji.registry;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The dungji_registry_file table; joins the current Spring transaction (a task's, in handlers). */
public class RegistryFiles {
  private static final String COLUMNS =
      "id, nest_id, issuance_task_id, ocr_task_id, storage_key, size_bytes, sha256, content_type,"
          + " page_count, ocr_text, ocr_pages";

  private final JdbcClient jdbc;

  public RegistryFiles(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  public long insert(
      long nestId,
      UUID issuanceTaskId,
      UUID ocrTaskId,
      String storageKey,
      long size,
      String sha256,
      String contentType,
      int pageCount) {
    return jdbc.sql(
            "INSERT INTO dungji_registry_file (nest_id, issuance_task_id, ocr_task_id, storage_key,"
                + " size_bytes, sha256, content_type, page_count)"
                + " VALUES (:nest, :issuance, :ocr, :key, :size, :sha, :type, :pages) RETURNING id")
        .param("nest", nestId)
        .param("issuance", issuanceTaskId)
        .param("ocr", ocrTaskId)
        .param("key", storageKey)
        .param("size", size)
        .param("sha", sha256)
        .param("type", contentType)
        .param("pages", pageCount)
        .query(Long.class)
        .single();
  }

  /** The issuance task of the nest's newest certificate stored at or after {@code since}. */
  public Optional<UUID> newestIssuanceSince(long nestId, java.time.Instant since) {
    return jdbc.sql(
            "SELECT issuance_task_id FROM dungji_registry_file"
                + " WHERE nest_id = :nest AND created_at >= :since"
                + " ORDER BY created_at DESC LIMIT 1")
        .param("nest", nestId)
        .param("since", java.sql.Timestamp.from(since))
        .query(UUID.class)
        .optional();
  }

  public Optional<RegistryFile> byIssuanceTask(UUID taskId) {
    return jdbc.sql("SELECT " + COLUMNS + " FROM dungji_registry_file WHERE issuance_task_id = :t")
        .param("t", taskId)
        .query(RegistryFiles::map)
        .optional();
  }

  public Optional<RegistryFile> byOcrTask(UUID taskId) {
    return jdbc.sql("SELECT " + COLUMNS + " FROM dungji_registry_file WHERE ocr_task_id = :t")
        .param("t", taskId)
        .query(RegistryFiles::map)
        .optional();
  }

  public Optional<RegistryFile> byId(long id) {
    return jdbc.sql("SELECT " + COLUMNS + " FROM dungji_registry_file WHERE id = :id")
        .param("id", id)
        .query(RegistryFiles::map)
        .optional();
  }

  public void saveText(long fileId, String text, String pagesJson) {
    jdbc.sql(
            "UPDATE dungji_registry_file SET ocr_text = :text, ocr_pages = CAST(:pages AS jsonb),"
                + " ocr_finished_at = now() WHERE id = :id")
        .param("text", text)
        .param("pages", pagesJson)
        .param("id", fileId)
        .update();
  }

  /** Which of these storage keys have a file record. */
  public Set<String> knownKeys(Collection<String> keys) {
    if (keys.isEmpty()) {
      return Set.of();
    }
    return new HashSet<>(
        jdbc.sql("SELECT storage_key FROM dungji_registry_file WHERE storage_key = ANY(:keys)")
            .param("keys", keys.toArray(String[]::new))
            .query(String.class)
            .list());
  }

  private static RegistryFile map(ResultSet rs, int row) throws SQLException {
    return new RegistryFile(
        rs.getLong("id"),
        rs.getLong("nest_id"),
        rs.getObject("issuance_task_id", UUID.class),
        rs.getObject("ocr_task_id", UUID.class),
        rs.getString("storage_key"),
        rs.getLong("size_bytes"),
        rs.getString("sha256"),
        rs.getString("content_type"),
        rs.getInt("page_count"),
        rs.getString("ocr_text"),
        rs.getString("ocr_pages"));
  }
}
