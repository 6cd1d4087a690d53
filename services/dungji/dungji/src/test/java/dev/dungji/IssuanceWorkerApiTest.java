package dev.dungji;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dungji.registry.OrphanSweeper;
import dev.dungji.registry.RegistryFiles;
import dev.dungji.registry.RegistryTasks;
import dev.platform.test.Answer;
import dev.platform.test.ApiClient;
import dev.taskrow.core.Taskrow;
import java.io.ByteArrayInputStream;
import java.net.http.HttpResponse;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/** The issuance and OCR workers end to end, every error path of seed 000 included. */
@TestPropertySource(properties = "dungji.issue-max-attempts=3")
class IssuanceWorkerApiTest extends ApiTestBase {
  @Autowired RegistryFiles files;
  @Autowired TestPageOcr pageOcr;
  @Autowired Taskrow taskrow;
  @Autowired dev.dungji.registry.PaymentReconciliations reconciliations;

  record Run(String token, long nest, String taskId, JsonNode result) {}

  Run run(String nestName) {
    String token = newUser();
    long nest = createNest(token, nestName);
    Answer accepted = issue(token, nest);
    assertThat(accepted.status()).isEqualTo(202);
    String taskId = accepted.json().get("task_id").asString();
    return new Run(token, nest, taskId, awaitFinal(token, nest, taskId, false));
  }

  @Test
  void success_storesThePdfChainsOcrAndServesTheFileToItsOwner() throws Exception {
    // A register with an 을구 (the clean profile may have none).
    Run run = run("마포 아파트 [register:mortgaged]");

    JsonNode r = run.result();
    assertThat(r.get("status").asString()).isEqualTo("SUCCESS");
    assertThat(r.get("attempt_count").asInt()).isEqualTo(1);
    assertThat(r.get("file_url").isNull()).isFalse();
    assertThat(r.get("ocr_task_id").isNull()).isFalse();
    assertThat(issuer.payments(run.taskId())).isEqualTo(1);

    HttpResponse<byte[]> pdf = ApiClient.fetch(r.get("file_url").asString());
    assertThat(pdf.statusCode()).isEqualTo(200);
    assertThat(new String(pdf.body(), 0, 5)).isEqualTo("%PDF-");
    var file = files.byIssuanceTask(UUID.fromString(run.taskId())).orElseThrow();
    assertThat(file.sha256())
        .isEqualTo(
            HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(pdf.body())));
    assertThat(file.sizeBytes()).isEqualTo(pdf.body().length);
    // As many pages as the sandbox's register of this property has (its profile, its history).
    int pages =
        dev.dungji.adapter.registry.sandbox.SandboxRegister.generate(
                dev.dungji.adapter.registry.sandbox.SandboxRegister.spec(
                    "서울특별시 마포구 월드컵북로 396", "101동 1203호", "마포 아파트 [register:mortgaged]"))
            .pages()
            .size();
    assertThat(pages).isGreaterThanOrEqualTo(2);
    assertThat(file.pageCount()).isEqualTo(pages);
    assertThat(file.contentType()).isEqualTo("application/pdf");

    String tampered = r.get("file_url").asString().replace("signature=", "signature=x");
    assertThat(ApiClient.fetch(tampered).statusCode()).isEqualTo(403);

    JsonNode ocr = awaitFinal(run.token(), run.nest(), r.get("ocr_task_id").asString(), true);
    assertThat(ocr.get("status").asString()).isEqualTo("SUCCESS");
    assertThat(ocr.get("page_count").asInt()).isEqualTo(pages);
    assertThat(ocr.get("pages").findValues("method"))
        .extracting(JsonNode::asString)
        .hasSize(pages)
        .containsOnly("TEXT_LAYER");
    String text = ocr.get("text").asString();
    assertThat(text).contains("표 제 부", "갑 구", "을 구", "소유권보존", "월드컵북로 396");
    // The rotated "열람용" watermark is dropped; the sentence at the end of the page stays.
    assertThat(text.lines().filter(l -> l.strip().equals("열람용"))).isEmpty();
    assertThat(text).contains("열람용으로");
  }

  @Test
  void someoneElseGetsNoFileUrl() {
    Run run = run("mine");
    String stranger = newUser();

    Answer r =
        api().get("/nests/" + run.nest() + "/analysis/registry/issue/" + run.taskId(), stranger);

    assertThat(r.status()).isEqualTo(403);
    assertThat(r.body()).doesNotContain("signature");
  }

  @Test
  void botInitialisationFailureIsAutomationFailed() {
    assertFailed(run("[sandbox:init]"), "AUTOMATION_FAILED", 1);
  }

  @Test
  void automationFailureIsAutomationFailed() {
    assertFailed(run("[sandbox:automation]"), "AUTOMATION_FAILED", 1);
  }

  @Test
  void anEmptyPdfIsAutomationFailed() {
    Run run = run("[sandbox:empty]");
    assertFailed(run, "AUTOMATION_FAILED", 1);
    assertThat(storedObjects(run.nest())).isZero();
  }

  @Test
  void anUnexpectedExceptionIsUnknownTheSafetyNet() {
    Run run = run("[sandbox:bug]");
    assertFailed(run, "UNKNOWN", 1);
    assertThat(storedObjects(run.nest())).isZero();
  }

  @Test
  void duplicatePaymentIsFinalAndNeverPaysTwice() {
    int callsBefore = issuer.issueCalls();
    Run run = run("[sandbox:duplicate]");

    assertFailed(run, "DUPLICATE_PAYMENT", 1);
    assertThat(issuer.payments(run.taskId())).isZero();
    assertThat(issuer.issueCalls() - callsBefore).isEqualTo(1);
  }

  @Test
  void aPossiblyChargedAttemptFetchesThePaidDocumentInsteadOfPayingAgain() {
    Run run = run("[sandbox:charged-timeout]");

    assertThat(run.result().get("status").asString()).isEqualTo("SUCCESS");
    assertThat(run.result().get("attempt_count").asInt()).isEqualTo(1);
    assertThat(issuer.payments(run.taskId())).isEqualTo(1);
  }

  @Test
  void aTransientTimeoutIsRetriedOnTheSameRowWithTheSameTaskId() {
    Run run = run("[sandbox:timeout-once]");

    JsonNode r = run.result();
    assertThat(r.get("status").asString()).isEqualTo("SUCCESS");
    assertThat(r.get("task_id").asString()).isEqualTo(run.taskId());
    assertThat(r.get("attempt_count").asInt()).isEqualTo(2);
    assertThat(r.get("last_error_code").asString()).isEqualTo("ISSUER_TIMEOUT");
    assertThat(issuer.payments(run.taskId())).isEqualTo(1);
    assertThat(taskRows("nest:" + run.nest())).isEqualTo(1);
  }

  @Test
  void maintenanceAndRateLimitsAreRetried() {
    assertThat(run("[sandbox:maintenance-once]").result().get("attempt_count").asInt())
        .isEqualTo(2);
    assertThat(run("[sandbox:rate-limit-once]").result().get("attempt_count").asInt()).isEqualTo(2);
    assertThat(run("[sandbox:network-once]").result().get("status").asString())
        .isEqualTo("SUCCESS");
  }

  @Test
  void aTimeoutOnEveryAttemptFailsWhenAttemptsRunOut() {
    Run run = run("[sandbox:timeout]");

    assertFailed(run, "ISSUER_TIMEOUT", 3);
    assertThat(issuer.payments(run.taskId())).isZero();
  }

  @Test
  void aFailedUploadRemovesThePartialObject() {
    String token = newUser();
    long nest = createNest(token, "upload fails");
    storage.failUploads.add(nest);
    String taskId = issue(token, nest).json().get("task_id").asString();

    JsonNode r = awaitFinal(token, nest, taskId, false);

    assertThat(r.get("error_code").asString()).isEqualTo("UPLOAD_FAILED");
    assertThat(storedObjects(nest)).isZero();
    assertThat(taskRows("nest:" + nest + ":%")).isZero();
    // Every attempt took the one charged document from the issuer again; the last one left the
    // paid-for-nothing case to an operator.
    assertThat(r.get("attempt_count").asInt()).isGreaterThan(1);
    assertThat(issuer.payments(taskId)).isEqualTo(1);
    assertThat(reconciliations.byTask(java.util.UUID.fromString(taskId))).isPresent();
  }

  @Test
  void aStoreThatFailsAfterPaymentAndRecoversEndsSuccessWithThePaidDocumentChargedOnce() {
    String token = newUser();
    long nest = createNest(token, "store recovers");
    storage.failUploadsTimes.put(nest, new java.util.concurrent.atomic.AtomicInteger(2));
    String taskId = issue(token, nest).json().get("task_id").asString();

    JsonNode r = awaitFinal(token, nest, taskId, false);

    assertThat(r.get("status").asString()).isEqualTo("SUCCESS");
    assertThat(r.get("attempt_count").asInt()).isEqualTo(3);
    assertThat(r.get("last_error_code").asString()).isEqualTo("UPLOAD_FAILED");
    assertThat(issuer.payments(taskId)).as("charged once").isEqualTo(1);
    assertThat(storedObjects(nest)).as("the paid document, stored once").isEqualTo(1);
    assertThat(reconciliations.byTask(java.util.UUID.fromString(taskId))).isEmpty();
    assertThat(
            jdbc.sql("select state from dungji_issuer_payment where task_id = ?")
                .param(java.util.UUID.fromString(taskId))
                .query(String.class)
                .single())
        .isEqualTo("PAID");
  }

  @Test
  void aFailedSaveDeletesTheUploadedObjectAndLeavesNoOcrTask() {
    String token = newUser();
    long nest = createNest(token, "save fails");
    jdbc.sql(
            """
            CREATE OR REPLACE FUNCTION dungji_test_refuse_file() RETURNS trigger AS $$
            BEGIN RAISE EXCEPTION 'disk full (test)'; END $$ LANGUAGE plpgsql
            """)
        .update();
    jdbc.sql(
            "CREATE TRIGGER dungji_test_refuse_file_"
                + nest
                + " BEFORE INSERT ON dungji_registry_file FOR EACH ROW WHEN (NEW.nest_id = "
                + nest
                + ") EXECUTE FUNCTION dungji_test_refuse_file()")
        .update();
    try {
      String taskId = issue(token, nest).json().get("task_id").asString();
      JsonNode r = awaitFinal(token, nest, taskId, false);

      assertThat(r.get("error_code").asString()).isEqualTo("SAVE_FAILED");
      assertThat(r.get("attempt_count").asInt()).isEqualTo(1);
      assertThat(storedObjects(nest)).isZero();
      assertThat(taskRows("nest:" + nest + ":%")).isZero();
      assertThat(issuer.payments(taskId)).isEqualTo(1);
    } finally {
      jdbc.sql("DROP TRIGGER dungji_test_refuse_file_" + nest + " ON dungji_registry_file")
          .update();
    }
  }

  @Test
  void ocrOfAVanishedFileIsFileNotFound() {
    String token = newUser();
    long nest = createNest(token, "lost");
    storage.loseObjects.add(nest);
    String taskId = issue(token, nest).json().get("task_id").asString();
    JsonNode issued = awaitFinal(token, nest, taskId, false);

    JsonNode ocr = awaitFinal(token, nest, issued.get("ocr_task_id").asString(), true);

    assertThat(ocr.get("status").asString()).isEqualTo("FAILED");
    assertThat(ocr.get("error_code").asString()).isEqualTo("FILE_NOT_FOUND");
  }

  @Test
  void anImageOnlyPdfWithoutAnOcrEngineIsOcrEngineUnavailableNeverEmptyText() {
    Run run = run("[sandbox:scanned]");
    assertThat(run.result().get("status").asString()).isEqualTo("SUCCESS");

    JsonNode ocr =
        awaitFinal(run.token(), run.nest(), run.result().get("ocr_task_id").asString(), true);

    assertThat(ocr.get("status").asString()).isEqualTo("FAILED");
    assertThat(ocr.get("error_code").asString()).isEqualTo("OCR_ENGINE_UNAVAILABLE");
    assertThat(ocr.get("text").isNull()).isTrue();
  }

  @Test
  void aTransientStorageErrorInOcrIsRetriedOnTheSameRow() {
    String token = newUser();
    long nest = createNest(token, "flaky");
    storage.flakyReadsOnce.add(nest);
    String taskId = issue(token, nest).json().get("task_id").asString();
    JsonNode issued = awaitFinal(token, nest, taskId, false);

    JsonNode ocr = awaitFinal(token, nest, issued.get("ocr_task_id").asString(), true);

    assertThat(ocr.get("status").asString()).isEqualTo("SUCCESS");
    assertThat(ocr.get("attempt_count").asInt()).isEqualTo(2);
    assertThat(ocr.get("task_id").asString()).isEqualTo(issued.get("ocr_task_id").asString());
  }

  @Test
  void anEngineThatReadsNothingIsOcrFailed() {
    pageOcr.text = "  \n";
    pageOcr.available = true;
    try {
      Run run = run("blank scan [sandbox:scanned]");
      JsonNode ocr =
          awaitFinal(run.token(), run.nest(), run.result().get("ocr_task_id").asString(), true);

      assertThat(ocr.get("status").asString()).isEqualTo("FAILED");
      assertThat(ocr.get("error_code").asString()).isEqualTo("OCR_FAILED");
    } finally {
      pageOcr.available = false;
    }
  }

  @Test
  void pagesWithoutATextLayerGoToTheOcrEngine() {
    pageOcr.text = "등기사항전부증명서\n열람용\n소유권보존";
    pageOcr.available = true;
    try {
      Run run = run("scan [sandbox:scanned]");
      JsonNode ocr =
          awaitFinal(run.token(), run.nest(), run.result().get("ocr_task_id").asString(), true);

      assertThat(ocr.get("status").asString()).isEqualTo("SUCCESS");
      assertThat(ocr.get("pages").findValues("method"))
          .extracting(JsonNode::asString)
          .containsExactly("OCR", "OCR");
      assertThat(ocr.get("text").asString()).contains("소유권보존").doesNotContain("\n열람용\n");
    } finally {
      pageOcr.available = false;
    }
  }

  @Test
  void theSweepRemovesOldObjectsWithoutAFileRecordAndKeepsTheRest() {
    Run run = run("kept");
    String kept = files.byIssuanceTask(UUID.fromString(run.taskId())).orElseThrow().storageKey();
    String orphan = "dungji/registry/nest-" + run.nest() + "/" + UUID.randomUUID() + ".pdf";
    storage.put(orphan, new ByteArrayInputStream(new byte[] {1, 2, 3}), 3, "application/pdf");

    OrphanSweeper young = new OrphanSweeper(storage, files, Clock.systemUTC(), Duration.ofHours(1));
    OrphanSweeper later =
        new OrphanSweeper(
            storage,
            files,
            Clock.fixed(Instant.now().plus(Duration.ofHours(2)), ZoneOffset.UTC),
            Duration.ofHours(1));

    // With dungji.sweep-interval 0 (this test's configuration) the sweep kind has no schedule:
    // nothing sweeps behind the test's back.
    assertThat(taskrow.kind(RegistryTasks.SWEEP_KIND).schedule()).isNull();

    assertThat(young.sweep()).doesNotContain(orphan);
    assertThat(later.sweep()).contains(orphan).doesNotContain(kept);
    assertThat(storage.exists(orphan)).isFalse();
    assertThat(storage.exists(kept)).isTrue();
  }

  private void assertFailed(Run run, String code, int attempts) {
    JsonNode r = run.result();
    assertThat(r.get("status").asString()).isEqualTo("FAILED");
    assertThat(r.get("error_code").asString()).isEqualTo(code);
    assertThat(r.get("attempt_count").asInt()).isEqualTo(attempts);
    assertThat(r.get("file_url").isNull()).isTrue();
    assertThat(r.get("ocr_task_id").isNull()).isTrue();
    assertThat(taskRows("nest:" + run.nest() + ":%")).isZero();
  }
}
