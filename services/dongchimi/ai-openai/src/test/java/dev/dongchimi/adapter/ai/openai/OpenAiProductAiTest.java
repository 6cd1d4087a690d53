package dev.dongchimi.adapter.ai.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.InstanceOfAssertFactories.type;

import dev.dongchimi.adapter.ai.openai.testing.FakeChatServer;
import dev.dongchimi.ai.AiException;
import dev.dongchimi.ai.AiException.Kind;
import dev.dongchimi.ai.AiRefusedException;
import dev.dongchimi.ai.ImageCandidate;
import dev.dongchimi.category.Category;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Against a local HTTP server that answers like a chat completions API, and misbehaves. */
class OpenAiProductAiTest {
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final String KEY = "sk-test-not-a-secret";
  private static final Instant NOW = Instant.parse("2026-10-21T07:27:30Z");
  private static final List<ImageCandidate> CANDIDATES =
      List.of(
          new ImageCandidate("https://img.test/dairy/milk.jpg", "우유"),
          new ImageCandidate("https://img.test/fruit/banana.jpg", "바나나"),
          new ImageCandidate("https://img.test/dairy/banana-milk.jpg", "바나나맛우유"));

  private MockWebServer server;
  private OpenAiProductAi ai;

  @BeforeEach
  void start() throws Exception {
    server = new MockWebServer();
    server.start();
    ai = ai(server.url("/v1").uri(), Duration.ofSeconds(2));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private static OpenAiProductAi ai(URI base, Duration requestTimeout) {
    return new OpenAiProductAi(
        new OpenAiSettings(base, "gpt-test-mini", KEY, Duration.ofSeconds(1), requestTimeout),
        Clock.fixed(NOW, ZoneOffset.UTC));
  }

  /** A chat completion whose message content is {@code content}. */
  private static String completion(String content) {
    return FakeChatServer.completion("gpt-test-mini", content);
  }

  private void answer(String content) {
    server.enqueue(new MockResponse.Builder().code(200).body(completion(content)).build());
  }

  private static JsonNode body(RecordedRequest request) {
    return JSON.readTree(request.getBody().utf8());
  }

  // --- happy paths --------------------------------------------------------------------------

  @Test
  void classifiesAndSendsTheModelTheKeyAndTheNameInJsonMode() throws Exception {
    answer("{\"category\": \"DAIRY\"}");

    assertThat(ai.classify("서울우유 1L")).isEqualTo(Category.DAIRY);

    RecordedRequest request = server.takeRequest();
    assertThat(request.getMethod()).isEqualTo("POST");
    assertThat(request.getUrl().encodedPath()).isEqualTo("/v1/chat/completions");
    assertThat(request.getHeaders().get("Authorization")).isEqualTo("Bearer " + KEY);
    JsonNode body = body(request);
    assertThat(body.path("model").stringValue()).isEqualTo("gpt-test-mini");
    assertThat(body.path("temperature").intValue()).isZero();
    assertThat(body.path("response_format").path("type").stringValue()).isEqualTo("json_object");
    String system = body.path("messages").path(0).path("content").stringValue();
    assertThat(body.path("messages").path(0).path("role").stringValue()).isEqualTo("system");
    for (Category c : Category.values()) {
      assertThat(system).contains(c.name() + ": " + c.label());
    }
    assertThat(body.path("messages").path(1).path("role").stringValue()).isEqualTo("user");
    assertThat(body.path("messages").path(1).path("content").stringValue()).contains("서울우유 1L");
  }

  @Test
  void acceptsTheKoreanLabelAndAFencedAnswer() throws Exception {
    answer("```json\n{\"category\": \"과일\"}\n```");

    assertThat(ai.classify("성주 참외")).isEqualTo(Category.FRUIT);
  }

  @Test
  void matchesAnImageByTheCandidatesNumber() throws Exception {
    answer("{\"index\": 3}");

    assertThat(ai.matchImage("빙그레 바나나맛우유 240ml", CANDIDATES))
        .contains("https://img.test/dairy/banana-milk.jpg");

    JsonNode body = body(server.takeRequest());
    assertThat(body.path("model").stringValue()).isEqualTo("gpt-test-mini");
    String user = body.path("messages").path(1).path("content").stringValue();
    assertThat(user)
        .contains("빙그레 바나나맛우유 240ml")
        .contains("1. \"우유\" https://img.test/dairy/milk.jpg")
        .contains("3. \"바나나맛우유\" https://img.test/dairy/banana-milk.jpg");
  }

  @Test
  void noneOfTheCandidatesIsAnEmptyAnswer() throws Exception {
    answer("{\"index\": 0}");
    answer("{\"index\": null}");

    assertThat(ai.matchImage("고무장갑 중", CANDIDATES)).isEmpty();
    assertThat(ai.matchImage("고무장갑 대", CANDIDATES)).isEmpty();
  }

  @Test
  void noCandidatesCostsNoCall() throws Exception {
    assertThat(ai.matchImage("고무장갑", List.of())).isEqualTo(Optional.empty());
    assertThat(server.getRequestCount()).isZero();
  }

  @Test
  void aBaseUrlWithATrailingSlashReachesTheSamePath() throws Exception {
    answer("{\"category\": \"NOODLE\"}");

    assertThat(ai(server.url("/v1/").uri(), Duration.ofSeconds(2)).classify("신라면"))
        .isEqualTo(Category.NOODLE);
    assertThat(server.takeRequest().getUrl().encodedPath()).isEqualTo("/v1/chat/completions");
  }

  @Test
  void theModelVersionNamesTheModelAndThePrompt() {
    assertThat(ai.modelVersion()).isEqualTo("openai:gpt-test-mini:" + Prompts.VERSION);
  }

  // --- what may pass: AiException -----------------------------------------------------------

  @Test
  void aSlowAnswerBeyondTheTimeoutIsATimeout() {
    OpenAiProductAi impatient = ai(server.url("/v1").uri(), Duration.ofMillis(300));
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .body(completion("{\"category\": \"DAIRY\"}"))
            .headersDelay(3, TimeUnit.SECONDS)
            .build());

    assertThatThrownBy(() -> impatient.classify("서울우유"))
        .asInstanceOf(type(AiException.class))
        .satisfies(e -> assertThat(e.kind()).isEqualTo(Kind.TIMEOUT));
  }

  @Test
  void aRateLimitCarriesItsRetryAfterInSeconds() {
    server.enqueue(
        new MockResponse.Builder()
            .code(429)
            .addHeader("Retry-After", "7")
            .body(
                "{\"error\":{\"message\":\"Rate limit reached\",\"code\":\"rate_limit_exceeded\"}}")
            .build());

    assertThatThrownBy(() -> ai.classify("서울우유"))
        .asInstanceOf(type(AiException.class))
        .satisfies(
            e -> {
              assertThat(e.kind()).isEqualTo(Kind.RATE_LIMITED);
              assertThat(e.retryAfter()).contains(Duration.ofSeconds(7));
              assertThat(e.getMessage()).contains("Rate limit reached");
            });
  }

  @Test
  void aRateLimitCarriesItsRetryAfterAsAnHttpDate() {
    server.enqueue(
        new MockResponse.Builder()
            .code(429)
            .addHeader("Retry-After", "Wed, 21 Oct 2026 07:28:00 GMT")
            .build());

    assertThatThrownBy(() -> ai.matchImage("서울우유", CANDIDATES))
        .asInstanceOf(type(AiException.class))
        .satisfies(
            e -> {
              assertThat(e.kind()).isEqualTo(Kind.RATE_LIMITED);
              assertThat(e.retryAfter()).contains(Duration.ofSeconds(30));
            });
  }

  @Test
  void aRateLimitPrefersRetryAfterMs() {
    server.enqueue(
        new MockResponse.Builder()
            .code(429)
            .addHeader("Retry-After", "2")
            .addHeader("retry-after-ms", "1250")
            .build());

    assertThatThrownBy(() -> ai.classify("서울우유"))
        .asInstanceOf(type(AiException.class))
        .satisfies(e -> assertThat(e.retryAfter()).contains(Duration.ofMillis(1250)));
  }

  @Test
  void aRateLimitWithoutRetryAfterLeavesTheWaitToTheCaller() {
    server.enqueue(new MockResponse.Builder().code(429).build());

    assertThatThrownBy(() -> ai.classify("서울우유"))
        .asInstanceOf(type(AiException.class))
        .satisfies(
            e -> {
              assertThat(e.kind()).isEqualTo(Kind.RATE_LIMITED);
              assertThat(e.retryAfter()).isEmpty();
            });
  }

  @Test
  void aServerErrorIsUnavailable() {
    server.enqueue(new MockResponse.Builder().code(500).body("upstream exploded").build());
    server.enqueue(
        new MockResponse.Builder().code(503).addHeader("Retry-After", "3").body("{}").build());

    assertThatThrownBy(() -> ai.classify("서울우유"))
        .asInstanceOf(type(AiException.class))
        .satisfies(
            e -> {
              assertThat(e.kind()).isEqualTo(Kind.UNAVAILABLE);
              assertThat(e.getMessage()).contains("HTTP 500").contains("upstream exploded");
            });
    assertThatThrownBy(() -> ai.classify("서울우유"))
        .asInstanceOf(type(AiException.class))
        .satisfies(
            e -> {
              assertThat(e.kind()).isEqualTo(Kind.UNAVAILABLE);
              assertThat(e.retryAfter()).contains(Duration.ofSeconds(3));
            });
  }

  @Test
  void aRefusedConnectionIsUnavailable() throws Exception {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    OpenAiProductAi nobody =
        ai(URI.create("http://127.0.0.1:" + closedPort + "/v1"), Duration.ofSeconds(1));

    assertThatThrownBy(() -> nobody.classify("서울우유"))
        .asInstanceOf(type(AiException.class))
        .satisfies(e -> assertThat(e.kind()).isEqualTo(Kind.UNAVAILABLE));
  }

  static Stream<Arguments> badAnswers() {
    return Stream.of(
        Arguments.of("a body that is not JSON", "<html>502 Bad Gateway</html>", "category"),
        Arguments.of(
            "truncated JSON", "{\"choices\": [{\"message\": {\"content\": \"{", "category"),
        Arguments.of("no choices", "{\"id\": \"x\", \"choices\": []}", "category"),
        Arguments.of("content that is not JSON", completion("유제품입니다"), "category"),
        Arguments.of("content that is a JSON string", completion("\"DAIRY\""), "category"),
        Arguments.of("no category field", completion("{\"label\": \"DAIRY\"}"), "category"),
        Arguments.of("an unknown category", completion("{\"category\": \"TOYS\"}"), "category"),
        Arguments.of("a category that is a number", completion("{\"category\": 6}"), "category"),
        Arguments.of("an index out of range", completion("{\"index\": 4}"), "image"),
        Arguments.of("a negative index", completion("{\"index\": -1}"), "image"),
        Arguments.of("an index that is not a number", completion("{\"index\": \"two\"}"), "image"),
        Arguments.of("no index field", completion("{\"url\": \"https://x\"}"), "image"),
        Arguments.of(
            "a refusal",
            "{\"choices\":[{\"message\":{\"content\":null,\"refusal\":\"I can't\"}}]}",
            "image"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badAnswers")
  void aMalformedAnswerIsABadResponse(String what, String body, String question) {
    server.enqueue(new MockResponse.Builder().code(200).body(body).build());

    assertThatThrownBy(
            () -> {
              if (question.equals("category")) {
                ai.classify("서울우유");
              } else {
                ai.matchImage("서울우유", CANDIDATES);
              }
            })
        .asInstanceOf(type(AiException.class))
        .satisfies(e -> assertThat(e.kind()).isEqualTo(Kind.BAD_RESPONSE));
  }

  // --- what will not pass: AiRefusedException -----------------------------------------------

  @Test
  void aRefusedKeyEndsClearlyInsteadOfBeingRetried() {
    server.enqueue(
        new MockResponse.Builder()
            .code(401)
            .body(
                "{\"error\":{\"message\":\"Incorrect API key provided\",\"code\":\"invalid_api_key\"}}")
            .build());

    assertThatThrownBy(() -> ai.classify("서울우유"))
        .isInstanceOf(AiRefusedException.class)
        .hasMessageContaining("HTTP 401")
        .hasMessageContaining("Incorrect API key provided")
        .hasMessageContaining("check the API key")
        .hasMessageNotContaining(KEY);
  }

  @Test
  void aForbiddenKeyEndsClearly() {
    server.enqueue(new MockResponse.Builder().code(403).body("forbidden").build());

    assertThatThrownBy(() -> ai.matchImage("서울우유", CANDIDATES))
        .isInstanceOf(AiRefusedException.class)
        .hasMessageContaining("HTTP 403");
  }

  @Test
  void anUnknownModelNamesTheModelAndTheUrl() {
    server.enqueue(
        new MockResponse.Builder()
            .code(404)
            .body("{\"error\":{\"message\":\"The model `gpt-test-mini` does not exist\"}}")
            .build());

    assertThatThrownBy(() -> ai.classify("서울우유"))
        .isInstanceOf(AiRefusedException.class)
        .hasMessageContaining("HTTP 404")
        .hasMessageContaining("gpt-test-mini")
        .hasMessageContaining(server.url("/v1").toString());
  }

  @Test
  void anExhaustedQuotaIsARefusalNotARateLimit() {
    server.enqueue(
        new MockResponse.Builder()
            .code(429)
            .body(
                "{\"error\":{\"message\":\"You exceeded your current quota\","
                    + "\"type\":\"insufficient_quota\",\"code\":\"insufficient_quota\"}}")
            .build());

    assertThatThrownBy(() -> ai.classify("서울우유"))
        .isInstanceOf(AiRefusedException.class)
        .hasMessageContaining("quota");
  }
}
