package dev.dungji;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dungji.issuer.IssueRequest;
import dev.dungji.issuer.IssuedDocument;
import dev.dungji.issuer.RegistryIssuer;
import dev.dungji.nest.NestRepository;
import dev.dungji.registry.IssuanceHandler;
import dev.dungji.registry.Payments;
import dev.dungji.registry.RegistryFiles;
import dev.taskrow.core.NewTask;
import dev.taskrow.core.TaskContext;
import dev.taskrow.core.TaskFailure;
import java.sql.Connection;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

/**
 * A later attempt of a task whose earlier attempt paid (and then died: a crash, a lost lease) with
 * an issuer that cannot serve a paid document again — as the HTTP API cannot. The ledger stops a
 * second payment; an earlier upload is reused.
 */
@TestPropertySource(properties = "taskrow.worker.enabled=false")
class PaymentLedgerTest extends ApiTestBase {
  @Autowired NestRepository nests;
  @Autowired RegistryFiles files;
  @Autowired Payments payments;

  /** The sandbox, minus refetching. */
  final class NoRefetch implements RegistryIssuer {
    final AtomicInteger issued = new AtomicInteger();

    @Override
    public IssuedDocument issue(IssueRequest request) {
      issued.incrementAndGet();
      return issuer.issue(request);
    }

    @Override
    public Optional<IssuedDocument> refetch(String idempotencyKey) {
      return Optional.empty();
    }
  }

  @Test
  void aPaidEarlierAttemptWithNothingToReuseFailsDuplicatePaymentWithoutPayingAgain() {
    long nest = createNest(newUser(), "ledger");
    UUID task = UUID.randomUUID();
    payments.record(task, nest, "R-1", true);
    NoRefetch noRefetch = new NoRefetch();
    IssuanceHandler handler = new IssuanceHandler(nests, files, noRefetch, storage, payments);

    assertThatThrownBy(() -> handler.handle(new SecondAttempt(task, nest)))
        .isInstanceOfSatisfying(
            TaskFailure.class, f -> assertThat(f.code()).isEqualTo("DUPLICATE_PAYMENT"));
    assertThat(noRefetch.issued.get()).isZero();
  }

  @Test
  void aSecondAttemptWithoutAPaymentIssuesAndRecordsIt() {
    long nest = createNest(newUser(), "ledger");
    UUID task = UUID.randomUUID();
    NoRefetch noRefetch = new NoRefetch();
    IssuanceHandler handler = new IssuanceHandler(nests, files, noRefetch, storage, payments);

    assertThatThrownBy(() -> handler.handle(new SecondAttempt(task, nest)))
        .hasMessageContaining("submit reached"); // past issuing and uploading
    assertThat(noRefetch.issued.get()).isEqualTo(1);
    assertThat(payments.exists(task)).isTrue();
  }

  /** Attempt 2 of a registry.issue task; stops when the handler would chain the OCR task. */
  record SecondAttempt(UUID taskId, long nest) implements TaskContext {
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
    public int attempt() {
      return 2;
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
