package dev.app.dungji;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.platform.test.ApiClient;
import dev.platform.test.SignUp;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * With tracing on (a Micrometer Tracer in the context, every trace sampled), a client's issuance
 * request, the issuance task and the OCR task it chains are one trace: the request's server span,
 * then the issuance's span under it, then the OCR's span under the issuance's.
 */
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT,
    properties = "management.tracing.sampling.probability=1.0")
@Import(DungjiTracingTest.InMemorySpans.class)
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class DungjiTracingTest {
  private static final InMemorySpanExporter exporter = InMemorySpanExporter.create();
  private static final int PORT = DungjiAppTest.freePort();

  @TestConfiguration(proxyBeanMethods = false)
  static class InMemorySpans {
    /** Exported as each span ends (Boot's own processor batches them every few seconds). */
    @Bean
    SpanProcessor inMemorySpans() {
      return SimpleSpanProcessor.create(exporter);
    }
  }

  @DynamicPropertySource
  static void properties(DynamicPropertyRegistry registry) {
    registry.add("embedded.data-dir", DungjiTracingTest::tempDir);
    registry.add("server.port", () -> PORT);
  }

  private final ApiClient app = new ApiClient(PORT);

  @Test
  void theRequestTheIssuanceAndTheOcrAreOneTrace() {
    String token = SignUp.newToken(app);
    long nest = Nests.create(app, token, "추적되는 집");
    String issueId = Nests.issue(app, token, nest);
    JsonNode issued =
        app.awaitFinal(
            "/nests/" + nest + "/analysis/registry/issue/" + issueId,
            token,
            Duration.ofSeconds(60));
    assertThat(issued.get("status").asString()).isEqualTo("SUCCESS");
    String ocrId = issued.get("ocr_task_id").asString();
    JsonNode ocr =
        app.awaitFinal(
            "/nests/" + nest + "/analysis/registry/ocr/" + ocrId, token, Duration.ofSeconds(60));
    assertThat(ocr.get("status").asString()).isEqualTo("SUCCESS");

    SpanData issueSpan = awaitTaskSpan("registry.issue", issueId);
    SpanData ocrSpan = awaitTaskSpan("registry.ocr", ocrId);
    // The issuance's ancestors lead to the request's server span (through the spans the request
    // opened meanwhile, Spring Security's filter chain's for one).
    List<SpanData> ancestors = ancestors(issueSpan);
    SpanData request = ancestors.getLast();
    assertThat(request.getKind())
        .as("the root of %s", ancestors.stream().map(SpanData::getName).toList())
        .isEqualTo(SpanKind.SERVER);
    assertThat(request.getAttributes().get(AttributeKey.stringKey("uri")))
        .isEqualTo("/nests/{nestId}/analysis/registry/issue");
    assertThat(issueSpan.getTraceId()).isEqualTo(request.getTraceId());
    assertThat(ocrSpan.getTraceId()).isEqualTo(request.getTraceId());
    assertThat(ocrSpan.getParentSpanId()).isEqualTo(issueSpan.getSpanId());
    assertThat(ocrSpan.getAttributes().get(AttributeKey.stringKey("taskrow.queue")))
        .isEqualTo("ocr");
  }

  /** The span's parent, its parent, and so on to the root, as far as they were exported. */
  private static List<SpanData> ancestors(SpanData span) {
    List<SpanData> finished = exporter.getFinishedSpanItems();
    List<SpanData> chain = new ArrayList<>();
    SpanData current = span;
    while (current.getParentSpanContext().isValid()) {
      String parentId = current.getParentSpanId();
      current =
          finished.stream()
              .filter(candidate -> candidate.getSpanId().equals(parentId))
              .findFirst()
              .orElseThrow(() -> new AssertionError("span " + parentId + " was not exported"));
      chain.add(current);
    }
    if (chain.isEmpty()) {
      throw new AssertionError(span.getName() + " has no parent");
    }
    return chain;
  }

  private static SpanData awaitTaskSpan(String kind, String taskId) {
    return await()
        .atMost(Duration.ofSeconds(20))
        .until(
            () -> {
              List<SpanData> spans =
                  exporter.getFinishedSpanItems().stream()
                      .filter(span -> span.getName().equals("taskrow.task " + kind))
                      .filter(
                          span ->
                              taskId.equals(
                                  span.getAttributes()
                                      .get(AttributeKey.stringKey("taskrow.task.id"))))
                      .toList();
              return spans.isEmpty() ? null : spans.getLast();
            },
            span -> span != null);
  }

  private static String tempDir() {
    try {
      return Files.createTempDirectory(Path.of("target"), "var-dungji-tracing-").toString();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
