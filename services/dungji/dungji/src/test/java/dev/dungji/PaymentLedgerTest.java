package dev.dungji;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dungji.issuer.IssueRequest;
import dev.dungji.issuer.IssuedDocument;
import dev.dungji.issuer.IssuerException;
import dev.dungji.issuer.IssuerFault;
import dev.dungji.issuer.Refetch;
import dev.dungji.issuer.RegistryIssuer;
import dev.dungji.nest.NestRepository;
import dev.dungji.registry.IssuanceHandler;
import dev.dungji.registry.PaymentReconciliations;
import dev.dungji.registry.Payments;
import dev.dungji.registry.RegistryFiles;
import dev.taskrow.core.NewTask;
import dev.taskrow.core.TaskContext;
import dev.taskrow.core.TaskFailure;
import java.sql.Connection;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

/**
 * A later attempt of a task whose earlier attempt recorded its intent to pay and then died (a
 * crash, a lost lease) before the answer was recorded. The attempt asks the issuer first: the
 * charged document ends it SUCCESS, "nothing charged" lets it pay, "cannot tell" ends it
 * PAYMENT_UNCERTAIN with a reconciliation record — never a second payment.
 */
@TestPropertySource(properties = "taskrow.worker.enabled=false")
class PaymentLedgerTest extends ApiTestBase {
  @Autowired NestRepository nests;
  @Autowired RegistryFiles files;
  @Autowired Payments payments;
  @Autowired PaymentReconciliations reconciliations;

  /** The sandbox, with refetch answering as told (null: the sandbox's own answer). */
  class Counting implements RegistryIssuer {
    final AtomicInteger issued = new AtomicInteger();
    final Refetch answer;

    Counting(Refetch answer) {
      this.answer = answer;
    }

    @Override
    public IssuedDocument issue(IssueRequest request) {
      issued.incrementAndGet();
      return issuer.issue(request);
    }

    @Override
    public Refetch refetch(String idempotencyKey) {
      return answer == null ? issuer.refetch(idempotencyKey) : answer;
    }
  }

  private IssuanceHandler handler(RegistryIssuer registryIssuer) {
    return new IssuanceHandler(nests, files, registryIssuer, storage, payments, reconciliations);
  }

  @Test
  void anIntentWhoseChargeTheIssuerCanShowEndsWithThePaidDocumentAndNoSecondCharge() {
    long nest = createNest(newUser(), "ledger");
    UUID task = UUID.randomUUID();
    payments.intend(task, nest);
    // The earlier attempt's paying request reached the issuer; its answer never came back.
    issuer.issue(
        new IssueRequest(task.toString(), 1, "서울특별시 마포구 월드컵북로 396", null, "101", "1203", "n"));
    Counting counting = new Counting(null);

    assertThatThrownBy(() -> handler(counting).handle(new SecondAttempt(task, nest, 2)))
        .hasMessageContaining("submit reached"); // past obtaining and uploading
    assertThat(counting.issued.get()).isZero();
    assertThat(issuer.payments(task.toString())).isEqualTo(1);
    assertThat(payments.state(task)).hasValue(Payments.State.PAID);
  }

  @Test
  void anIntentWhoseOutcomeCannotBeKnownEndsPaymentUncertainWithAReconciliationRecord() {
    long nest = createNest(newUser(), "ledger");
    UUID task = UUID.randomUUID();
    payments.intend(task, nest);
    Counting counting = new Counting(Refetch.unknowable("the window passed"));

    assertThatThrownBy(() -> handler(counting).handle(new SecondAttempt(task, nest, 2)))
        .isInstanceOfSatisfying(
            TaskFailure.class, f -> assertThat(f.code()).isEqualTo("PAYMENT_UNCERTAIN"));
    assertThat(counting.issued.get()).isZero();
    assertThat(reconciliations.byTask(task))
        .get()
        .satisfies(
            r -> {
              assertThat(r.status()).isEqualTo(PaymentReconciliations.Status.OPEN);
              assertThat(r.nestId()).isEqualTo(nest);
              assertThat(r.reason()).contains("the window passed");
            });
  }

  @Test
  void anIntentTheIssuerNeverChargedPaysOnceAndRecordsIt() {
    long nest = createNest(newUser(), "ledger");
    UUID task = UUID.randomUUID();
    payments.intend(task, nest); // died before the paying request left
    Counting counting = new Counting(null);

    assertThatThrownBy(() -> handler(counting).handle(new SecondAttempt(task, nest, 2)))
        .hasMessageContaining("submit reached");
    assertThat(counting.issued.get()).isEqualTo(1);
    assertThat(payments.state(task)).hasValue(Payments.State.PAID);
  }

  @Test
  void anIssuerThatCannotBeAskedOnTheLastAttemptEndsPaymentUncertain() {
    long nest = createNest(newUser(), "ledger");
    UUID task = UUID.randomUUID();
    payments.intend(task, nest);
    RegistryIssuer down =
        new Counting(null) {
          @Override
          public Refetch refetch(String idempotencyKey) {
            throw new IssuerException(IssuerFault.NETWORK, "connection refused");
          }
        };

    assertThatThrownBy(() -> handler(down).handle(new SecondAttempt(task, nest, 2)))
        .isInstanceOfSatisfying(
            TaskFailure.class, f -> assertThat(f.code()).isEqualTo("ISSUER_UNREACHABLE"));
    assertThatThrownBy(() -> handler(down).handle(new SecondAttempt(task, nest, 3)))
        .isInstanceOfSatisfying(
            TaskFailure.class, f -> assertThat(f.code()).isEqualTo("PAYMENT_UNCERTAIN"));
    assertThat(reconciliations.byTask(task)).isPresent();
  }

  /** Attempt 2 of a registry.issue task; stops when the handler would chain the OCR task. */
  record SecondAttempt(UUID taskId, long nest, int attempt) implements TaskContext {
    @Override
    public String kind() {
      return "registry.issue";
    }

    @Override
    public String subject() {
      return "nest:" + nest;
    }

    @Override
    public String payload() {
      return "{\"nest_id\": " + nest + "}";
    }

    @Override
    public int maxAttempts() {
      return 3;
    }

    @Override
    public String lastErrorCode() {
      return "ISSUER_TIMEOUT";
    }

    @Override
    public long fenceToken() {
      return 1;
    }

    @Override
    public Instant now() {
      return Instant.now();
    }

    @Override
    public Connection connection() {
      throw new IllegalStateException("not used");
    }

    @Override
    public UUID submit(NewTask followUp) {
      throw new IllegalStateException("submit reached");
    }

    @Override
    public void progress(long done, long total) {}

    @Override
    public void result(String json) {}

    @Override
    public boolean isCancellationRequested() {
      return false;
    }

    @Override
    public boolean isLeaseLost() {
      return false;
    }
  }
}
