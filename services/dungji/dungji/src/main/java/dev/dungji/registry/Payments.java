package dev.dungji.registry;

import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The payment ledger (dungji_issuer_payment), one row per issuance task. Intent is written before
 * the paying request leaves, the answer after it. Writes commit on their own, outside the task's
 * transaction: a payment happened (or may have) whether or not the task's SUCCESS commits.
 */
public class Payments {
  /** Where a task's payment stands. */
  public enum State {
    /** About to pay, or paid with the answer lost: a charge may exist. */
    INTENT,
    /** The issuer answered with the document. */
    PAID,
    /** The issuer refused before payment, or said it charged nothing under the key. */
    NOT_CHARGED
  }

  private final JdbcClient jdbc;
  private final TransactionTemplate separate;

  public Payments(JdbcClient jdbc, PlatformTransactionManager transactionManager) {
    this.jdbc = jdbc;
    this.separate = new TransactionTemplate(transactionManager);
    this.separate.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
  }

  /**
   * "About to pay for this key", committed before the paying request is sent. Never downgrades a
   * PAID row; an INTENT row stays as it is.
   */
  public void intend(UUID taskId, long nestId) {
    write(
        """
        INSERT INTO dungji_issuer_payment (task_id, nest_id, confirmed, state)
        VALUES (:task, :nest, false, 'INTENT')
        ON CONFLICT (task_id) DO UPDATE SET state = 'INTENT', updated_at = now()
          WHERE dungji_issuer_payment.state = 'NOT_CHARGED'
        """,
        taskId,
        nestId,
        null);
  }

  /** The issuer answered with the document: a confirmed charge. */
  public void paid(UUID taskId, long nestId, String issuerReference) {
    write(
        """
        INSERT INTO dungji_issuer_payment (task_id, nest_id, issuer_reference, confirmed, state)
        VALUES (:task, :nest, :ref, true, 'PAID')
        ON CONFLICT (task_id) DO UPDATE SET state = 'PAID', confirmed = true,
          issuer_reference = coalesce(EXCLUDED.issuer_reference,
                                      dungji_issuer_payment.issuer_reference),
          updated_at = now()
        """,
        taskId,
        nestId,
        issuerReference);
  }

  /** The issuer charged nothing under the key: paying is safe again. Never undoes a PAID row. */
  public void notCharged(UUID taskId) {
    separate.executeWithoutResult(
        status ->
            jdbc.sql(
                    """
                    UPDATE dungji_issuer_payment SET state = 'NOT_CHARGED', updated_at = now()
                    WHERE task_id = :task AND state = 'INTENT'
                    """)
                .param("task", taskId)
                .update());
  }

  public Optional<State> state(UUID taskId) {
    return separate.execute(
        status ->
            jdbc.sql("SELECT state FROM dungji_issuer_payment WHERE task_id = :task")
                .param("task", taskId)
                .query(String.class)
                .optional()
                .map(State::valueOf));
  }

  private void write(String sql, UUID taskId, long nestId, String reference) {
    separate.executeWithoutResult(
        status ->
            jdbc.sql(sql)
                .param("task", taskId)
                .param("nest", nestId)
                .param("ref", reference)
                .update());
  }
}
