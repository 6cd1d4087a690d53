package dev.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpStatus;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * One error model across the modules: every 4xx and 5xx the OpenAPI document describes is {@code
 * application/problem+json} of the one {@code Problem} schema, and real refusals of the account
 * system, 둥지, 동치미, its import and the engine's event streams — answered by an advice, by the
 * security filter chain or by the body-size filter — have exactly that shape, with a status and
 * code the document names for that operation.
 */
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      // Tasks stay PENDING, so an event stream stays open while the next one is refused.
      "taskrow.worker.enabled=false",
      "taskrow.sse.max-streams-per-viewer=1",
      "dongchimi.import.max-file-size=1KB"
    })
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class ProblemShapeTest {
  private static final ObjectMapper JSON = JsonMapper.builder().build();
  private static final Path DATA_DIR = TaskrowApplicationTest.newDataDir();
  private static final String PROBLEM_JSON = "application/problem+json";
  private static final String PROBLEM_REF = "#/components/schemas/Problem";
  private static final Set<String> SHAPE =
      Set.of("type", "title", "status", "detail", "instance", "code");

  @LocalServerPort int port;
  private final HttpClient http = HttpClient.newHttpClient();
  private JsonNode docs;

  @DynamicPropertySource
  static void embeddedDataInATempDir(DynamicPropertyRegistry registry) {
    registry.add("embedded.data-dir", DATA_DIR::toString);
  }

  @BeforeEach
  void readTheDocument() {
    Answer answer = send(request("/v3/api-docs").GET(), null);
    assertThat(answer.status()).isEqualTo(200);
    docs = answer.json();
  }

  @Test
  void everyDocumentedErrorIsAProblemOfTheOneSchema() {
    JsonNode schema = docs.at("/components/schemas/Problem");
    assertThat(strings(schema.get("required"))).containsExactlyInAnyOrderElementsOf(SHAPE);
    assertThat(names(schema.get("properties"))).containsAll(SHAPE).contains("errors");

    List<String> errors = new ArrayList<>();
    int operations = 0;
    for (Map.Entry<String, JsonNode> path : docs.get("paths").properties()) {
      for (Map.Entry<String, JsonNode> operation : path.getValue().properties()) {
        operations++;
        String where = operation.getKey().toUpperCase() + " " + path.getKey();
        JsonNode responses = operation.getValue().get("responses");
        assertThat(responses.has("500")).as(where + " documents its 500").isTrue();
        for (Map.Entry<String, JsonNode> response : responses.properties()) {
          int status = Integer.parseInt(response.getKey());
          if (status < 400) {
            continue;
          }
          errors.add(where + " " + status);
          JsonNode content = response.getValue().get("content");
          assertThat(names(content)).as(where + " " + status).containsExactly(PROBLEM_JSON);
          assertThat(content.at("/" + PROBLEM_JSON.replace("/", "~1") + "/schema/$ref").asString())
              .as(where + " " + status)
              .isEqualTo(PROBLEM_REF);
          assertThat(strings(response.getValue().get("x-problem-codes")))
              .as(where + " " + status + " names its codes")
              .isNotEmpty();
        }
      }
    }
    assertThat(operations).as("the modules' operations").isGreaterThan(30);
    assertThat(errors)
        .contains(
            "POST /auth/signup 409",
            "GET /me 401",
            "POST /nests/{nestId}/analysis/registry/issue 404",
            "GET /marts/nearby 400",
            "POST /marts 413",
            "POST /marts/{martId}/product-imports 413",
            "GET /nests/{nestId}/analysis/registry/issue/{taskId}/events 429");
  }

  @Test
  void theAccountSystemsRefusalsHaveTheShapeAndTheDocumentedCode() {
    String email = "shape-" + UUID.randomUUID() + "@example.com";
    String credentials = "{\"email\": \"" + email + "\", \"password\": \"correct horse\"}";
    assertThat(send(post("/auth/signup", credentials), null).status()).isEqualTo(201);

    // From the security filter chain (the entry point), and from an advice.
    assertDocumentedProblem(send(request("/me").GET(), null), "GET", "/me", 401, "UNAUTHENTICATED");
    assertDocumentedProblem(
        send(post("/auth/signup", credentials), null), "POST", "/auth/signup", 409, "EMAIL_TAKEN");
    assertDocumentedProblem(
        send(post("/auth/signup", "{\"email\": \"nope\", \"password\": \"correct horse\"}"), null),
        "POST",
        "/auth/signup",
        400,
        "INVALID_EMAIL");
  }

  @Test
  void dungjisRefusalsHaveTheShapeAndTheDocumentedCode() {
    String token = newUser("CUSTOMER");
    assertDocumentedProblem(
        send(post("/nests/987654321/analysis/registry/issue", null), token),
        "POST",
        "/nests/{nestId}/analysis/registry/issue",
        404,
        "NEST_NOT_FOUND");
    // A path variable of the wrong type: answered by Spring MVC's typed refusal, not by a
    // blanket IllegalArgumentException handler echoing the library's message.
    Answer wrongType = send(request("/nests/not-a-number").GET(), token);
    assertDocumentedProblem(wrongType, "GET", "/nests/{nestId}", 400, "INVALID_REQUEST");
    assertThat(wrongType.raw()).doesNotContain("For input string", "NumberFormat");
    // Bean validation: the invalid fields, by the names the client sent.
    Answer invalid =
        send(
            post(
                "/nests",
                "{\"name\": \"\", \"address\": \"x\", \"registry_number\": \"12; drop\"}"),
            token);
    assertDocumentedProblem(invalid, "POST", "/nests", 400, "INVALID_REQUEST");
    assertThat(invalid.json().findValues("field"))
        .extracting(JsonNode::asString)
        .containsExactlyInAnyOrder("name", "registry_number");
  }

  @Test
  void dongchimisRefusalsHaveTheShapeAndTheDocumentedCode() throws Exception {
    String token = newUser("MART_OWNER");
    assertDocumentedProblem(
        send(request("/marts/nearby?lat=NaN&lng=127").GET(), token),
        "GET",
        "/marts/nearby",
        400,
        "INVALID_COORDINATES");
    assertDocumentedProblem(
        send(
            post(
                "/marts",
                "{\"name\": \"m\", \"address\": \"a\", \"lat\": 37, \"lng\": 127,"
                    + " \"phone\": \"call us\"}"),
            token),
        "POST",
        "/marts",
        400,
        "INVALID_PHONE");
    assertDocumentedProblem(
        send(request("/marts/999999999").GET(), token), "GET", "/marts/{martId}", 404, "NOT_FOUND");

    // Over the JSON body limit: refused by the filter when declared, by the reader when chunked.
    byte[] huge = ("{\"name\": \"" + "가".repeat(400_000) + "\"}").getBytes(StandardCharsets.UTF_8);
    assertDocumentedProblem(
        send(json(request("/marts")).POST(HttpRequest.BodyPublishers.ofByteArray(huge)), token),
        "POST",
        "/marts",
        413,
        "PAYLOAD_TOO_LARGE");
    assertDocumentedProblem(
        send(
            json(request("/marts"))
                .POST(
                    HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(huge))),
            token),
        "POST",
        "/marts",
        413,
        "PAYLOAD_TOO_LARGE");

    long mart = createMart(token);
    String boundary = "shape-" + UUID.randomUUID();
    byte[] upload =
        ("--"
                + boundary
                + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"big.csv\""
                + "\r\nContent-Type: text/csv\r\n\r\n"
                + "상품명,정가\n".repeat(200)
                + "\r\n--"
                + boundary
                + "--\r\n")
            .getBytes(StandardCharsets.UTF_8);
    assertDocumentedProblem(
        send(
            request("/marts/" + mart + "/product-imports")
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(upload)),
            token),
        "POST",
        "/marts/{martId}/product-imports",
        413,
        "FILE_TOO_LARGE");
  }

  @Test
  void theEnginesStreamRefusalHasTheShapeAndTheDocumentedCode() throws Exception {
    String token = newUser("CUSTOMER");
    Answer nest = send(post("/nests", "{\"name\": \"n\", \"address\": \"서울\"}"), token);
    long nestId = nest.json().get("id").asLong();
    String taskId =
        send(post("/nests/" + nestId + "/analysis/registry/issue", null), token)
            .json()
            .get("task_id")
            .asString();
    String events = "/nests/" + nestId + "/analysis/registry/issue/" + taskId + "/events";

    HttpResponse<InputStream> open =
        http.send(
            bearer(request(events).header("Accept", "text/event-stream").GET(), token).build(),
            HttpResponse.BodyHandlers.ofInputStream());
    try (InputStream stream = open.body()) {
      assertThat(open.statusCode()).isEqualTo(200);
      assertDocumentedProblem(
          send(request(events).header("Accept", "text/event-stream").GET(), token),
          "GET",
          "/nests/{nestId}/analysis/registry/issue/{taskId}/events",
          429,
          "TOO_MANY_STREAMS");
    }
  }

  /**
   * The answer is exactly the one shape, and the document names its status and code for the
   * operation: type about:blank, the status's reason phrase, the status, a detail, the request's
   * path, the code (and the invalid fields, for a validation failure only).
   */
  private void assertDocumentedProblem(
      Answer answer, String method, String template, int status, String code) {
    String where = method + " " + answer.path();
    assertThat(answer.status()).as(where).isEqualTo(status);
    assertThat(answer.contentType()).as(where).isEqualTo(PROBLEM_JSON);
    JsonNode body = answer.json();
    Set<String> expected = new HashSet<>(SHAPE);
    if (body.has("errors")) {
      assertThat(code)
          .as(where + ": errors only for a validation failure")
          .isEqualTo("INVALID_REQUEST");
      expected.add("errors");
    }
    assertThat(names(body))
        .as(where + " " + answer.raw())
        .containsExactlyInAnyOrderElementsOf(expected);
    assertThat(body.get("type").asString()).as(where).isEqualTo("about:blank");
    assertThat(body.get("title").asString())
        .as(where)
        .isEqualTo(HttpStatus.valueOf(status).getReasonPhrase());
    assertThat(body.get("status").asInt()).as(where).isEqualTo(status);
    assertThat(body.get("detail").asString()).as(where).isNotBlank();
    assertThat(body.get("instance").asString()).as(where).isEqualTo(answer.path());
    assertThat(body.get("code").asString()).as(where).isEqualTo(code);

    JsonNode documented =
        docs.path("paths").path(template).path(method.toLowerCase()).path("responses");
    assertThat(documented.isMissingNode()).as(method + " " + template + " is documented").isFalse();
    assertThat(strings(documented.path(Integer.toString(status)).get("x-problem-codes")))
        .as(method + " " + template + " documents " + status + " " + code)
        .contains(code);
  }

  private String newUser(String role) {
    String email = "shape-" + UUID.randomUUID() + "@example.com";
    Answer signup =
        send(
            post(
                "/auth/signup",
                "{\"email\": \""
                    + email
                    + "\", \"password\": \"correct horse\", \"role\": \""
                    + role
                    + "\"}"),
            null);
    assertThat(signup.status()).as(signup.raw()).isEqualTo(201);
    return signup.json().get("access_token").asString();
  }

  private long createMart(String token) {
    Answer mart =
        send(
            post(
                "/marts",
                "{\"name\": \"모양마트\", \"address\": \"서울특별시 중구 세종대로 110\","
                    + " \"lat\": 37.5663, \"lng\": 126.9779}"),
            token);
    assertThat(mart.status()).as(mart.raw()).isEqualTo(201);
    return mart.json().get("id").asLong();
  }

  private record Answer(String path, int status, String contentType, String raw) {
    JsonNode json() {
      return JSON.readTree(raw);
    }
  }

  private HttpRequest.Builder request(String pathAndQuery) {
    return HttpRequest.newBuilder(URI.create("http://localhost:" + port + pathAndQuery));
  }

  private HttpRequest.Builder post(String path, String body) {
    return json(request(path))
        .POST(
            body == null
                ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body));
  }

  private static HttpRequest.Builder json(HttpRequest.Builder request) {
    return request.header("Content-Type", "application/json");
  }

  private static HttpRequest.Builder bearer(HttpRequest.Builder request, String token) {
    return token == null ? request : request.header("Authorization", "Bearer " + token);
  }

  private Answer send(HttpRequest.Builder request, String token) {
    HttpRequest built = bearer(request, token).build();
    try {
      HttpResponse<String> response = http.send(built, HttpResponse.BodyHandlers.ofString());
      return new Answer(
          built.uri().getRawPath(),
          response.statusCode(),
          response.headers().firstValue("Content-Type").orElse(""),
          response.body());
    } catch (IOException e) {
      throw new IllegalStateException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static List<String> names(JsonNode object) {
    List<String> names = new ArrayList<>();
    if (object != null) {
      object.propertyNames().forEach(names::add);
    }
    return names;
  }

  private static List<String> strings(JsonNode array) {
    List<String> values = new ArrayList<>();
    if (array != null) {
      array.forEach(value -> values.add(value.asString()));
    }
    return values;
  }
}
