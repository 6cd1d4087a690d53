package dev.dungji;

import static org.assertj.core.api.Assertions.assertThat;

import dev.platform.test.Answer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * issue → OCR → analysis → report over HTTP on the sandbox issuer, one id each; the tenant inputs;
 * the report as JSON and as a PDF whose text PDFBox reads back.
 */
class ReportApiTest extends ApiTestBase {
  static final HttpClient HTTP = HttpClient.newHttpClient();

  /** Follows the chain by the ids each status answers; returns the analysis status. */
  JsonNode analysed(String token, long nest) {
    Answer accepted = issue(token, nest);
    assertThat(accepted.status()).isEqualTo(202);
    JsonNode issued = awaitFinal(token, nest, accepted.json().get("task_id").asString(), false);
    assertThat(issued.get("status").asString()).isEqualTo("SUCCESS");
    JsonNode ocr = awaitFinal(token, nest, issued.get("ocr_task_id").asString(), true);
    assertThat(ocr.get("status").asString()).isEqualTo("SUCCESS");
    JsonNode analysis =
        api()
            .awaitFinal(
                "/nests/"
                    + nest
                    + "/analysis/registry/analysis/"
                    + ocr.get("analysis_task_id").asString(),
                token,
                Duration.ofSeconds(60));
    assertThat(analysis.get("status").asString()).isEqualTo("SUCCESS");
    return analysis;
  }

  Answer putInputs(String token, long nest, Map<String, Object> body) {
    return api().put("/nests/" + nest + "/tenant-inputs", token, body);
  }

  static Map<String, Object> inputs(long deposit, Long price, String landlord) {
    Map<String, Object> m = new HashMap<>();
    m.put("deposit", deposit);
    m.put("market_price", price);
    m.put("landlord_name", landlord);
    m.put("contract_date", "2026-12-20");
    return m;
  }

  byte[] pdf(String token, String path, String accept) throws Exception {
    HttpResponse<byte[]> r =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(api().url(path)))
                .header("Authorization", "Bearer " + token)
                .header("Accept", accept)
                .GET()
                .build(),
            HttpResponse.BodyHandlers.ofByteArray());
    assertThat(r.statusCode()).as(new String(r.body())).isEqualTo(200);
    assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("application/pdf");
    return r.body();
  }

  static String text(byte[] pdf) throws Exception {
    try (PDDocument doc = Loader.loadPDF(pdf)) {
      return new PDFTextStripper().getText(doc);
    }
  }

  @Test
  void aSeizedHomeGetsAReportWithItsSeizureAndFiguresAsJsonAndPdf() throws Exception {
    String token = newUser();
    long nest = createNest(token, "압류된 집 [register:seized,seed=5]");
    JsonNode analysis = analysed(token, nest);
    String reportUrl = analysis.get("report_url").asString();
    assertThat(reportUrl)
        .isEqualTo(
            "/nests/" + nest + "/analysis/registry/report/" + analysis.get("task_id").asString());

    // Before the tenant's inputs: a problem with its code.
    Answer early = api().get(reportUrl, token);
    assertThat(early.status()).isEqualTo(409);
    assertThat(early.code()).isEqualTo("TENANT_INPUTS_MISSING");

    Answer put = putInputs(token, nest, inputs(300_000_000L, 1_000_000_000L, "홍길동"));
    assertThat(put.status()).as(put.body()).isEqualTo(200);
    assertThat(api().get("/nests/" + nest + "/tenant-inputs", token).json().get("deposit").asLong())
        .isEqualTo(300_000_000L);

    Answer report = api().get(reportUrl, token);
    assertThat(report.status()).as(report.body()).isEqualTo(200);
    JsonNode r = report.json();
    JsonNode figures = r.get("figures");
    assertThat(figures.get("deposit").asLong()).isEqualTo(300_000_000L);
    assertThat(figures.get("market_price").asLong()).isEqualTo(1_000_000_000L);
    assertThat(figures.get("price_source").asString()).isEqualTo("ENTERED");
    long senior = figures.get("senior_claims").asLong();
    assertThat(figures.get("ratio").decimalValue().doubleValue())
        .isCloseTo((senior + 300_000_000L) / 1e9, org.assertj.core.data.Offset.offset(0.001));
    assertThat(r.get("flags").findValuesAsString("code"))
        .contains("SEIZURE", "PROVISIONAL_SEIZURE", "OWNER_NOT_LANDLORD");
    assertThat(r.get("worst").asString()).isEqualTo("HIGH");
    assertThat(r.get("flags").get(0).get("severity").asString()).isEqualTo("HIGH");
    JsonNode seizure = null;
    for (JsonNode f : r.get("flags")) {
      if (f.get("code").asString().equals("SEIZURE")) {
        seizure = f;
      }
    }
    assertThat(seizure.get("section").asString()).isEqualTo("GAP");
    assertThat(seizure.get("rank").asString()).isNotBlank();
    assertThat(seizure.get("message_ko").asString()).startsWith("압류가");
    assertThat(r.get("disclaimer").asString()).contains("법률 자문이 아닙니다");

    String byAccept = text(pdf(token, reportUrl, "application/pdf"));
    String bySuffix = text(pdf(token, reportUrl + ".pdf", "*/*"));
    assertThat(bySuffix).isEqualTo(byAccept);
    assertThat(byAccept)
        .contains("전세 위험 보고서", "보증금 / Deposit: 3억원", "SEIZURE", "압류가 걸려 있습니다")
        .contains("법률 자문이 아닙니다")
        .contains("월드컵북로 396");
  }

  @Test
  void theInputsAreValidatedAndOnlyTheOwnerSeesThem() {
    String token = newUser();
    long nest = createNest(token, "검증 [register:clean,seed=3]");

    Answer bad = putInputs(token, nest, Map.of("deposit", -5, "lawd_code", "12"));
    assertThat(bad.status()).isEqualTo(400);
    assertThat(bad.code()).isEqualTo("INVALID_REQUEST");
    assertThat(bad.json().get("errors").findValuesAsString("field"))
        .contains("deposit", "lawd_code");
    assertThat(putInputs(token, nest, Map.of("market_price", 5)).status()).isEqualTo(400);
    Answer none = api().get("/nests/" + nest + "/tenant-inputs", token);
    assertThat(none.status()).isEqualTo(404);
    assertThat(none.code()).isEqualTo("TENANT_INPUTS_NOT_FOUND");

    String stranger = newUser();
    assertThat(putInputs(stranger, nest, inputs(1L, null, null)).code())
        .isEqualTo("NEST_PERMISSION");
    assertThat(api().get("/nests/" + nest + "/tenant-inputs", stranger).status()).isEqualTo(403);
    assertThat(putInputs(token, 999_999_999L, inputs(1L, null, null)).status()).isEqualTo(404);
  }

  @Test
  void anotherUsersReportIsForbiddenAndAnUnknownTaskNotFound() {
    String token = newUser();
    long nest = createNest(token, "남의 집 [register:clean,seed=4]");
    JsonNode analysis = analysed(token, nest);
    putInputs(token, nest, inputs(100_000_000L, 900_000_000L, null));
    String reportUrl = analysis.get("report_url").asString();

    assertThat(api().get(reportUrl, token).status()).isEqualTo(200);
    assertThat(api().get(reportUrl, newUser()).status()).isEqualTo(403);
    Answer unknown =
        api()
            .get(
                "/nests/" + nest + "/analysis/registry/report/" + java.util.UUID.randomUUID(),
                token);
    assertThat(unknown.status()).isEqualTo(404);
    assertThat(unknown.code()).isEqualTo("TASK_NOT_FOUND");
  }
}
