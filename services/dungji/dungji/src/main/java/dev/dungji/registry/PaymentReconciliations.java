package dev.dungji.registry;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Charges that may exist with no document to show for them (dungji_payment_reconciliation): the
 * task ended FAILED(PAYMENT_UNCERTAIN) and an operator settles each with the issuer, marking it
 * REFUNDED or REISSUED. Opened in a transaction of its own, since the failing task's rolls back.
 */
public class PaymentReconciliations {
  public enum Status {
    OPEN,
    REFUNDED,
    REISSUED
  }

  public record Reconciliation(
      long id,
      UUID taskId,
      long nestId,
      long ownerId,
      String reason,
      Status status,
      String note,
      Long resolvedBy,
      Instant createdAt,
      Instant resolvedAt) {}

  private static final String COLUMNS =
      "id, task_id, nest_id, owner_id, reason, status, note, resolved_by, created_at, resolved_at";

  private final JdbcClient jdbc;
  private final TransactionTemplate separate;

  public PaymentReconciliations(JdbcClient jdbc, PlatformTransactionManager transactionManager) {
    this.jdbc = jdbc;
    this.separate = new TransactionTemplate(transactionManager);
    this.separate.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
  }

  /**
   * Opens the task's record; a second call for the same task (a rescued attempt) keeps the first.
   */
  public void open(UUID taskId, long nestId, long ownerId, String reason) {
    separate.executeWithoutResult(
        status ->
            jdbc.sql(
                    """
                    INSERT INTO dungji_payment_reconciliation (task_id, nest_id, owner_id, reason)
                    VALUES (:task, :nest, :owner, :reason)
                    ON CONFLICT (task_id) DO NOTHING
                    """)
                .param("task", taskId)
                .param("nest", nestId)
                .param("owner", ownerId)
                .param("reason", reason)
                .update());
  }

  /** Newest first; {@code status} null for every status. */
  public List<Reconciliation> list(Status status, int limit) {
    return jdbc.sql(
            "SELECT "
                + COLUMNS
                + " FROM dungji_payment_reconciliation"
                + " WHERE (CAST(:status AS varchar) IS NULL OR status = :status)"
                + " ORDER BY created_at DESC, id DESC LIMIT :limit")
        .param("status", status == null ? null : status.name())
        .param("limit", limit)
        .query(PaymentReconciliations::row)
        .list();
  }

  public Optional<Reconciliation> find(long id) {
    return jdbc.sql("SELECT " + COLUMNS + " FROM dungji_payment_reconciliation WHERE id = :id")
        .param("id", id)
        .query(PaymentReconciliations::row)
        .optional();
  }

  public Optional<Reconciliation> byTask(UUID taskId) {
    return jdbc.sql(
            "SELECT " + COLUMNS + " FROM dungji_payment_reconciliation WHERE task_id = :task")
        .param("task", taskId)
        .query(PaymentReconciliations::row)
        .optional();
  }

  /**
   * Settles an OPEN record; false when it is not OPEN (already settled: the first operator's answer
   * stands).
   */
  public boolean resolve(long id, Status outcome, String note, long operatorId) {
    if (outcome == Status.OPEN) {
      throw new IllegalArgumentException("a record is resolved as REFUNDED or REISSUED");
    }
    return jdbc.sql(
                """
                UPDATE dungji_payment_reconciliation
                SET status = :status, note = :note, resolved_by = :by, resolved_at = now()
                WHERE id = :id AND status = 'OPEN'
                """)
            .param("status", outcome.name())
            .param("note", note)
            .param("by", operatorId)
            .param("id", id)
            .update()
        == 1;
  }

  public long openCount() {
    return jdbc.sql("SELECT count(*) FROM dungji_payment_reconciliation WHERE status = 'OPEN'")
        .query(Long.class)
        .single();
  }

  private static Reconciliation row(java.sql.ResultSet rs, int n) throws java.sql.SQLException {
    return new Reconciliation(
        rs.getLong("id"),
        rs.getObject("task_id", UUID.class),
        rs.getLong("nest_id"),
        rs.getLong("owner_id"),
        rs.getString("reason"),
        Status.valueOf(rs.getString("status")),
        rs.getString("note"),
        rs.getObject("resolved_by", Long.class),
        rs.getTimestamp("created_at").toInstant(),
        rs.getTimestamp("resolved_at") == null ? null : rs.getTimestamp("resolved_at").toInstant());
  }
}
