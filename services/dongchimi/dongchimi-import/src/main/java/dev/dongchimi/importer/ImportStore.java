package dev.dongchimi.importer;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/** The import rows: file, phase, summary and row errors beside the task row. */
public class ImportStore {
  /** What the API shows of an import besides its task. */
  public record ImportRecord(
      UUID taskId,
      long martId,
      String fileName,
      String fileKey,
      long fileSize,
      String phase,
      String summary,
      String rowErrors,
      Instant createdAt,
      SalePeriod uploadedPeriod) {}

  /**
   * Counts of a successful import; {@code pictureWarnings}: rows whose picture could not be kept
   * (the product has none); {@code salePeriod}: the sale period rows without dates were given (null
   * when every row had its own or no sale price).
   */
  public record Summary(
      int created,
      int updated,
      int unchanged,
      int rows,
      int duplicates,
      @JsonProperty("picture_warnings") List<RowError> pictureWarnings,
      @JsonProperty("sale_period") SalePeriod.Assumed salePeriod) {}

  static final JsonMapper JSON = JsonMapper.builder().build();
  private final JdbcClient jdbc;
  private final TransactionTemplate own;

  public ImportStore(JdbcClient jdbc, PlatformTransactionManager transactions) {
    this.jdbc = jdbc;
    this.own = new TransactionTemplate(transactions);
    this.own.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
  }

  void insert(
      UUID taskId,
      long martId,
      long ownerId,
      String fileName,
      String key,
      long size,
      SalePeriod period) {
    jdbc.sql(
            """
            insert into dongchimi_product_import (task_id, mart_id, owner_id, file_name, file_key,
                                                  file_size, sale_start, sale_end)
            values (:id, :mart, :owner, :name, :key, :size, :start, :end)
            """)
        .param("start", period == null ? null : period.start())
        .param("end", period == null ? null : period.end())
        .param("id", taskId)
        .param("mart", martId)
        .param("owner", ownerId)
        .param("name", fileName)
        .param("key", key)
        .param("size", size)
        .update();
  }

  /** The phase, visible at once (its own transaction, not the attempt's). */
  void phase(UUID taskId, String phase) {
    own.executeWithoutResult(
        s ->
            jdbc.sql("update dongchimi_product_import set phase = :p where task_id = :id")
                .param("p", phase)
                .param("id", taskId)
                .update());
  }

  /** Row errors of a failed attempt: their own transaction, as the attempt rolls back. */
  void rowErrors(UUID taskId, List<RowError> errors) {
    own.executeWithoutResult(
        s ->
            jdbc.sql(
                    """
                    update dongchimi_product_import
                       set row_errors = cast(:e as jsonb), phase = 'DONE'
                     where task_id = :id
                    """)
                .param("e", JSON.writeValueAsString(errors))
                .param("id", taskId)
                .update());
  }

  /** The summary, in the caller's transaction: it commits with the products and the SUCCESS. */
  void done(UUID taskId, Summary summary) {
    jdbc.sql(
            """
            update dongchimi_product_import
               set summary = cast(:s as jsonb), row_errors = '[]'::jsonb, phase = 'DONE'
             where task_id = :id
            """)
        .param("s", JSON.writeValueAsString(summary))
        .param("id", taskId)
        .update();
  }

  Optional<ImportRecord> find(long martId, UUID taskId) {
    return jdbc.sql(SELECT + " where mart_id = :mart and task_id = :id")
        .param("mart", martId)
        .param("id", taskId)
        .query(ImportStore::map)
        .optional();
  }

  Optional<ImportRecord> find(UUID taskId) {
    return jdbc.sql(SELECT + " where task_id = :id")
        .param("id", taskId)
        .query(ImportStore::map)
        .optional();
  }

  List<ImportRecord> ofMart(long martId, int limit) {
    return jdbc.sql(SELECT + " where mart_id = :mart order by created_at desc limit :limit")
        .param("mart", martId)
        .param("limit", limit)
        .query(ImportStore::map)
        .list();
  }

  private static final String SELECT =
      """
      select task_id, mart_id, file_name, file_key, file_size, phase, summary::text,
             row_errors::text, created_at, sale_start, sale_end
        from dongchimi_product_import
      """;

  private static ImportRecord map(java.sql.ResultSet rs, int n) throws java.sql.SQLException {
    return new ImportRecord(
        rs.getObject(1, UUID.class),
        rs.getLong(2),
        rs.getString(3),
        rs.getString(4),
        rs.getLong(5),
        rs.getString(6),
        rs.getString(7),
        rs.getString(8),
        rs.getTimestamp(9).toInstant(),
        rs.getObject(10) == null
            ? null
            : new SalePeriod(
                rs.getObject(10, LocalDate.class),
                rs.getObject(11, LocalDate.class),
                SalePeriod.Source.UPLOAD));
  }
}
