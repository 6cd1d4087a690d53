package dev.dungji.registry;

import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The payment ledger (dungji_issuer_payment). Writes commit on their own, outside the task's
 * transaction: a payment happened whether or not the task's SUCCESS commits.
 */
public class Payments {
  private final JdbcClient jdbc;
  private final TransactionTemplate separate;

  public Payments(JdbcClient jdbc, PlatformTransactionManager transactionManager) {
    this.jdbc = jdbc;
    this.separate = new TransactionTemplate(transactionManager);
    this.separate.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
  }

  /**
   * Records that the issuer charged (confirmed) or may have charged for this task.
   *
   * @param confirmed false for "possibly charged"
   */
  public void record(UUID taskId, long nestId, String issuerReference, boolean confirmed) {
    separate.executeWithoutResult(
        status ->
            jdbc.sql(
                    "INSERT INTO dungji_issuer_payment (task_id, nest_id, issuer_reference,"
                        + " confirmed) VALUES (:task, :nest, :ref, :confirmed)"
                        + " ON CONFLICT (task_id) DO UPDATE SET confirmed ="
                        + " dungji_issuer_payment.confirmed OR EXCLUDED.confirmed")
                .param("task", taskId)
                .param("nest", nestId)
                .param("ref", issuerReference)
                .param("confirmed", confirmed)
                .update());
  }

  public boolean exists(UUID taskId) {
    return separate.execute(
        status ->
            jdbc.sql("SELECT count(*) FROM dungji_issuer_payment WHERE task_id = :task")
                    .param("task", taskId)
                    .query(Long.class)
                    .single()
                > 0);
  }
}
