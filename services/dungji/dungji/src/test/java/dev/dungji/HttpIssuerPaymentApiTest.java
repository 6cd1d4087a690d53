package dev.dungji;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dungji.adapter.registry.http.FakeCodef;
import dev.dungji.adapter.registry.http.HttpIssuerSettings;
import dev.dungji.adapter.registry.http.HttpRegistryIssuer;
import dev.dungji.issuer.IssueRequest;
import dev.dungji.issuer.IssuedDocument;
import dev.dungji.issuer.Refetch;
import dev.dungji.issuer.RegistryIssuer;
import dev.dungji.registry.PaymentReconciliations;
import dev.dungji.registry.ReconciliationMetrics;
import dev.platform.test.Answer;
import dev.platform.test.ApiClient;
import dev.platform.test.SignUp;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import tools.jackson.databind.JsonNode;

/**
 * 둥지's issuance through the HTTP adapter against the CODEF-style mock on a real local port: the
 * mock charges when the paying request arrives and answers after the adapter gave up waiting. With
 * the result inquiry the task ends SUCCESS with the charged document and one charge; without one it
 * ends PAYMENT_UNCERTAIN with a Korean message, a reconciliation record an operator settles, and
 * the gauge counting it.
 */
@Import(HttpIssuerPaymentApiTest.HttpIssuer.class)
class HttpIssuerPaymentApiTest extends ApiTestBase {
  static final FakeCodef CODEF = new FakeCodef();
  static final MockWebServer SERVER = new MockWebServer();

  static {
    // The handler counts the pages: the mock serves a real one-page PDF.
    try (org.apache.pdfbox.pdmodel.PDDocument pdf = new org.apache.pdfbox.pdmodel.PDDocument();
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream()) {
      pdf.addPage(new org.apache.pdfbox.pdmodel.PDPage());
      pdf.save(out);
      CODEF.pdf = out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Nests named with [no-inquiry] go to an issuer that offers no result inquiry. */
  @TestConfiguration
  static class HttpIssuer {
    @Bean
    @Primary
    RegistryIssuer httpIssuer() {
      SERVER.setDispatcher(CODEF);
      try {
        SERVER.start();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      HttpRegistryIssuer withInquiry = issuer(HttpIssuerSettings.DEFAULT_RESULT_PATH);
      HttpRegistryIssuer blind = issuer(null);
      return new RegistryIssuer() {
        @Override
        public IssuedDocument issue(IssueRequest request) {
          if (request.label().contains("[no-inquiry]")) {
            blindKeys.add(request.idempotencyKey());
            return blind.issue(request);
          }
          return withInquiry.issue(request);
        }

        @Override
        public Refetch refetch(String key) {
          return blindKeys.contains(key) ? blind.refetch(key) : withInquiry.refetch(key);
        }
      };
    }

    private static HttpRegistryIssuer issuer(String resultPath) {
      URI base = SERVER.url("/").uri();
      return new HttpRegistryIssuer(
          new HttpIssuerSettings(
              base,
              base.resolve("/oauth/token"),
              FakeCodef.CLIENT,
              FakeCodef.SECRET,
              "prepaid",
              "pw",
              Duration.ofSeconds(2),
              Duration.ofMillis(300), // the mock answers the paying request after 1 s
              resultPath),
          Clock.systemUTC());
    }
  }

  static final java.util.Set<String> blindKeys = java.util.concurrent.ConcurrentHashMap.newKeySet();

  @Autowired PaymentReconciliations reconciliations;

  @AfterAll
  static void stopServer() {
    SERVER.close();
  }

  @Test
  void aChargeWhoseAnswerWasLostEndsSuccessWithTheChargedDocumentAndOneCharge() {
    CODEF.payDelayMillis = () -> 1_000;
    String alice = newUser();
    long nest = createNest(alice, "느린 결제");
    String task = issue(alice, nest).json().get("task_id").asString();

    JsonNode done = awaitFinal(alice, nest, task, false);

    assertThat(done.get("status").asString()).as(done.toString()).isEqualTo("SUCCESS");
    assertThat(CODEF.chargesPerRequest()).containsEntry(task, 1);
    assertThat(CODEF.duplicatesRefused()).isZero();
    assertThat(reconciliations.byTask(UUID.fromString(task))).isEmpty();
    assertThat(ApiClient.fetch(done.get("file_url").asString()).body()).isEqualTo(CODEF.pdf);
  }

  @Test
  void withoutAResultInquiryALostAnswerEndsPaymentUncertainForAnOperatorToSettle() {
    CODEF.payDelayMillis = () -> 1_000;
    String alice = newUser();
    long nest = createNest(alice, "확인 불가 [no-inquiry]");
    String task = issue(alice, nest).json().get("task_id").asString();

    JsonNode failed = awaitFinal(alice, nest, task, false);

    assertThat(failed.get("status").asString()).isEqualTo("FAILED");
    assertThat(failed.get("error_code").asString()).isEqualTo("PAYMENT_UNCERTAIN");
    assertThat(failed.get("error_message").asString())
        .startsWith("결제가 되었는지")
        .contains("다시 결제되지 않으며", "We could not confirm");
    assertThat(CODEF.chargesPerRequest()).containsEntry(task, 1);
    PaymentReconciliations.Reconciliation record =
        reconciliations.byTask(UUID.fromString(task)).orElseThrow();
    assertThat(record.status()).isEqualTo(PaymentReconciliations.Status.OPEN);

    ReconciliationMetrics metrics = new ReconciliationMetrics(reconciliations, Duration.ZERO);
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    metrics.bindTo(registry);
    double openBefore = registry.get(ReconciliationMetrics.OPEN).gauge().value();
    assertThat(openBefore).isGreaterThanOrEqualTo(1);

    String tenant = alice;
    String path = "/ops/dungji/payment-reconciliations";
    assertThat(api().get(path, tenant).status()).isEqualTo(403);
    String operator = adminToken();
    Answer open = api().get(path + "?status=OPEN", operator);
    assertThat(open.status()).isEqualTo(200);
    assertThat(open.json().findValuesAsString("task_id")).contains(task);

    Answer resolved =
        api()
            .post(
                path + "/" + record.id() + "/resolve",
                operator,
                "{\"outcome\": \"REFUNDED\", \"note\": \"발급 기관 환불 확인\"}");
    assertThat(resolved.status()).as(resolved.body()).isEqualTo(200);
    assertThat(resolved.json().get("status").asString()).isEqualTo("REFUNDED");
    assertThat(resolved.json().get("resolved_by").isNull()).isFalse();
    Answer again =
        api().post(path + "/" + record.id() + "/resolve", operator, "{\"outcome\": \"REISSUED\"}");
    assertThat(again.status()).isEqualTo(409);
    assertThat(again.code()).isEqualTo("RECONCILIATION_SETTLED");
    assertThat(
            api().post(path + "/999999999/resolve", operator, "{\"outcome\": \"REFUNDED\"}").code())
        .isEqualTo("RECONCILIATION_NOT_FOUND");
    assertThat(registry.get(ReconciliationMetrics.OPEN).gauge().value()).isEqualTo(openBefore - 1);
  }

  private String adminToken() {
    SignUp.Account account = SignUp.newAccount(api(), "CUSTOMER");
    jdbc.sql("UPDATE accounts_user SET roles = array['ADMIN'] WHERE email = :email")
        .param("email", account.email())
        .update();
    return SignUp.login(api(), account.email(), account.password());
  }
}
