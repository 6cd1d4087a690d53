package dev.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every way a refusal is answered — an advice for a domain's {@link ApiProblem}, the fallback for
 * Spring's and the engine's {@code ErrorResponse}s and for defects, the body-size filter through
 * the {@link ProblemWriter} — gives the same shape, over real HTTP.
 */
@SpringBootTest(
    classes = WebTestApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {"spring.jackson.property-naming-strategy=SNAKE_CASE", "web.max-json-body=64B"})
class ProblemsApiTest {
  private static final ObjectMapper JSON = JsonMapper.builder().build();

  @LocalServerPort int port;
  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void aDomainsProblemHasTheShapeAndItsRetryAfter() throws Exception {
    HttpResponse<String> answer = get("/test/throttled");

    assertShape(answer, 429, "Too Many Requests", "/test/throttled", "SLOW_DOWN");
    assertThat(json(answer).get("detail").asString()).isEqualTo("wait a little");
    assertThat(answer.headers().firstValue("Retry-After")).hasValue("2"); // 1.5 s, rounded up
  }

  @Test
  void theEnginesErrorResponseIsRenderedTheSameWay() throws Exception {
    HttpResponse<String> answer = get("/test/engine");

    assertShape(answer, 503, "Service Unavailable", "/test/engine", "UNAVAILABLE");
    assertThat(answer.headers().firstValue("Retry-After")).hasValue("1");
  }

  @Test
  void anErrorResponseWithoutACodeGetsTheStatussCode() throws Exception {
    assertShape(get("/test/uncoded"), 409, "Conflict", "/test/uncoded", "HTTP_409");
  }

  @Test
  void aDefectIs500AndTellsNothingOfItsCause() throws Exception {
    HttpResponse<String> answer = get("/test/broken");

    assertShape(answer, 500, "Internal Server Error", "/test/broken", "INTERNAL");
    assertThat(answer.body()).doesNotContain("UUID", "select", "IllegalArgument");
  }

  @Test
  void springsOwnRefusalsKeepTheirStatusAndNeverEchoTheInput() throws Exception {
    HttpResponse<String> wrongType = get("/test/items/drop-table");
    assertShape(wrongType, 400, "Bad Request", "/test/items/drop-table", "INVALID_REQUEST");
    assertThat(json(wrongType).get("detail").asString()).isEqualTo("id has an invalid value");

    HttpResponse<String> malformed = post("/test/orders", "{\"display_name\": ");
    assertShape(malformed, 400, "Bad Request", "/test/orders", "INVALID_REQUEST");
    assertThat(json(malformed).get("detail").asString())
        .isEqualTo("the request body is not valid JSON of the expected shape");

    assertShape(get("/no/such/page"), 404, "Not Found", "/no/such/page", "NOT_FOUND");
  }

  @Test
  void aValidationFailureNamesEachFieldAsTheClientSentIt() throws Exception {
    HttpResponse<String> answer =
        post("/test/orders", "{\"display_name\": \" \", \"unit_count\": 0}");

    assertThat(answer.statusCode()).isEqualTo(400);
    JsonNode body = json(answer);
    assertThat(names(body))
        .as(answer.body())
        .containsExactlyInAnyOrder(
            "type", "title", "status", "detail", "instance", "code", Problems.ERRORS);
    assertThat(body.get("code").asString()).isEqualTo("INVALID_REQUEST");
    assertThat(body.get(Problems.ERRORS).findValues("field"))
        .extracting(JsonNode::asString)
        .containsExactlyInAnyOrder("display_name", "unit_count");
    assertThat(body.get("detail").asString()).contains("display_name: ", "unit_count: ");
  }

  @Test
  void aJsonBodyOverTheLimitIsTheSameProblemFromTheFilterAndFromTheReader() throws Exception {
    String big = "{\"display_name\": \"" + "x".repeat(100) + "\", \"unit_count\": 1}";
    HttpResponse<String> declared = post("/test/orders", big);
    HttpResponse<String> chunked =
        http.send(
            request("/test/orders")
                .header("Content-Type", "application/json")
                .POST(
                    HttpRequest.BodyPublishers.ofInputStream(
                        () -> new ByteArrayInputStream(big.getBytes(StandardCharsets.UTF_8))))
                .build(),
            HttpResponse.BodyHandlers.ofString());

    assertShape(declared, 413, "Content Too Large", "/test/orders", "PAYLOAD_TOO_LARGE");
    assertShape(chunked, 413, "Content Too Large", "/test/orders", "PAYLOAD_TOO_LARGE");
    assertThat(json(chunked)).isEqualTo(json(declared));
    assertThat(chunked.headers().firstValue("Content-Type"))
        .isEqualTo(declared.headers().firstValue("Content-Type"));
  }

  @Test
  void theOpenApiDocumentGivesEveryRefusalTheProblemSchema() throws Exception {
    JsonNode docs = json(get("/v3/api-docs"));
    assertThat(docs.at("/components/schemas/Problem/required").toString())
        .isEqualTo("[\"type\",\"title\",\"status\",\"detail\",\"instance\",\"code\"]");
    JsonNode throttled = docs.at("/paths/~1test~1throttled/get/responses");
    JsonNode item = docs.at("/paths/~1test~1items~1{id}/get/responses");
    JsonNode order = docs.at("/paths/~1test~1orders/post/responses");

    // Declared on the method, on the class, on an annotation of the method, and shared by
    // every operation of that shape.
    assertThat(codes(throttled, "429")).containsExactly("SLOW_DOWN");
    assertThat(codes(throttled, "404")).containsExactly("ITEM_GONE");
    assertThat(codes(throttled, "500")).containsExactly("INTERNAL");
    assertThat(throttled.has("400")).as("no input, no 400").isFalse();
    assertThat(codes(item, "400")).containsExactly("INVALID_REQUEST");
    assertThat(codes(order, "409")).containsExactly("ORDER_CLOSED");
    assertThat(codes(order, "413")).containsExactly("PAYLOAD_TOO_LARGE");
    assertThat(order.at("/413/content/application~1problem+json/schema/$ref").asString())
        .isEqualTo("#/components/schemas/Problem");
  }

  private static void assertShape(
      HttpResponse<String> answer, int status, String title, String path, String code) {
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(status);
    assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    JsonNode body = json(answer);
    assertThat(names(body))
        .as(answer.body())
        .containsExactlyInAnyOrder("type", "title", "status", "detail", "instance", "code");
    assertThat(body.get("type").asString()).isEqualTo("about:blank");
    assertThat(body.get("title").asString()).isEqualTo(title);
    assertThat(body.get("status").asInt()).isEqualTo(status);
    assertThat(body.get("detail").asString()).isNotBlank();
    assertThat(body.get("instance").asString()).isEqualTo(path);
    assertThat(body.get("code").asString()).isEqualTo(code);
  }

  private static List<String> codes(JsonNode responses, String status) {
    List<String> codes = new ArrayList<>();
    responses.path(status).path(ProblemDocumentation.CODES).forEach(c -> codes.add(c.asString()));
    return codes;
  }

  private static List<String> names(JsonNode object) {
    List<String> names = new ArrayList<>();
    object.propertyNames().forEach(names::add);
    return names;
  }

  private static JsonNode json(HttpResponse<String> answer) {
    return JSON.readTree(answer.body());
  }

  private HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(URI.create("http://localhost:" + port + path));
  }

  private HttpResponse<String> get(String path) throws Exception {
    return http.send(request(path).GET().build(), HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> post(String path, String json) throws Exception {
    return http.send(
        request(path)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
