package dev.dungji;

import static org.assertj.core.api.Assertions.assertThat;

import dev.platform.test.Answer;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/** issue → OCR → analysis, end to end on the sandbox issuer: one id each, polling answers. */
class AnalysisApiTest extends ApiTestBase {
  @Autowired TestPageOcr pageOcr;

  JsonNode analysed(String token, long nest) {
    Answer accepted = issue(token, nest);
    assertThat(accepted.status()).isEqualTo(202);
    JsonNode issued = awaitFinal(token, nest, accepted.json().get("task_id").asString(), false);
    assertThat(issued.get("status").asString()).isEqualTo("SUCCESS");
    JsonNode ocr = awaitFinal(token, nest, issued.get("ocr_task_id").asString(), true);
    assertThat(ocr.get("status").asString()).isEqualTo("SUCCESS");
    String analysisTask = ocr.get("analysis_task_id").asString();
    return api()
        .awaitFinal(
            "/nests/" + nest + "/analysis/registry/analysis/" + analysisTask,
            token,
            Duration.ofSeconds(60));
  }

  @Test
  void aSeizedRegisterIsParsedWithTheRightsInForce() {
    String token = newUser();
    long nest = createNest(token, "압류된 집 [register:seized,seed=5]");

    JsonNode a = analysed(token, nest);

    assertThat(a.get("status").asString()).isEqualTo("SUCCESS");
    assertThat(a.get("uncertain").asBoolean()).isFalse();
    JsonNode register = a.get("register");
    assertThat(register.get("kind").asString()).isEqualTo("COLLECTIVE_BUILDING");
    assertThat(register.get("title").get("address").asString()).contains("월드컵북로 396");
    assertThat(register.get("owners")).hasSize(1);
    assertThat(register.get("gap").findValues("kind"))
        .extracting(JsonNode::asString)
        .contains("SEIZURE", "PROVISIONAL_SEIZURE");
    JsonNode seizure = null;
    for (JsonNode e : register.get("gap")) {
      if (e.get("kind").asString().equals("PROVISIONAL_SEIZURE")) {
        seizure = e;
      }
    }
    assertThat(seizure.get("status").asString()).isEqualTo("IN_FORCE");
    assertThat(seizure.get("claim").asLong()).isPositive();
    assertThat(seizure.get("receipt_date").asString()).matches("\\d{4}-\\d{2}-\\d{2}");
    assertThat(register.get("warnings")).isEmpty();
  }

  @Test
  void aLongHistoryHasItsStruckEntriesCancelled() {
    String token = newUser();
    long nest = createNest(token, "오래된 집 [register:long-history,seed=9]");

    JsonNode register = analysed(token, nest).get("register");

    long cancelled = 0;
    for (JsonNode part : new JsonNode[] {register.get("gap"), register.get("eul")}) {
      for (JsonNode e : part) {
        if (e.get("status").asString().equals("CANCELLED")) {
          cancelled++;
          assertThat(e.get("struck").asBoolean()).as("red line over %s", e).isTrue();
          assertThat(e.get("cancelled_by").asString()).isNotEqualTo("struck");
        }
      }
    }
    assertThat(cancelled).isGreaterThanOrEqualTo(4);
    assertThat(register.get("warnings")).isEmpty();
  }

  @Test
  void aDocumentThatIsNoRegisterFailsParseFailedAndOnlyItsOwnerSeesIt() {
    // A scan whose OCR reads something else entirely.
    pageOcr.available = true;
    pageOcr.text = "주문서\n상품 3개 합계 30,000원";
    try {
      String token = newUser();
      long nest = createNest(token, "이상한 문서 [sandbox:scanned]");

      JsonNode a = analysed(token, nest);

      assertThat(a.get("status").asString()).isEqualTo("FAILED");
      assertThat(a.get("error_code").asString()).isEqualTo("PARSE_FAILED");
      assertThat(a.get("error_message").asString()).startsWith("발급된 문서가");
      assertThat(a.get("attempt_count").asInt()).isEqualTo(1);
      String path = "/nests/" + nest + "/analysis/registry/analysis/" + a.get("task_id").asString();
      assertThat(api().get(path, newUser()).status()).isEqualTo(403);
    } finally {
      pageOcr.available = false;
      pageOcr.text = "";
    }
  }
}
