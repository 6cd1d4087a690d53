package dev.platform.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The client against a real HTTP server (the JDK's) that answers with what it received. */
class ApiClientTest {
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final AtomicInteger polls = new AtomicInteger();
  private HttpServer server;
  private ApiClient api;

  @BeforeEach
  void startEchoServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/echo",
        exchange -> {
          Map<String, String> echo = new LinkedHashMap<>();
          echo.put("method", exchange.getRequestMethod());
          echo.put("path", exchange.getRequestURI().toString());
          echo.put("authorization", exchange.getRequestHeaders().getFirst("Authorization"));
          echo.put("content_type", exchange.getRequestHeaders().getFirst("Content-Type"));
          echo.put("forwarded", exchange.getRequestHeaders().getFirst("X-Forwarded-For"));
          echo.put(
              "body", new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
          exchange.getResponseHeaders().add("Retry-After", "60");
          respond(exchange, 418, JSON.writeValueAsString(echo));
        });
    server.createContext(
        "/task",
        exchange -> {
          String status = polls.incrementAndGet() < 3 ? "PROCESSING" : "FAILED";
          respond(exchange, 200, "{\"status\": \"" + status + "\"}");
        });
    server.createContext(
        "/empty",
        exchange -> {
          exchange.sendResponseHeaders(204, -1);
          exchange.close();
        });
    server.start();
    api = new ApiClient(server.getAddress().getPort());
  }

  @AfterEach
  void stopServer() {
    server.stop(0);
  }

  private static void respond(HttpExchange exchange, int status, String json) throws IOException {
    byte[] body = json.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  @Test
  void sendsTheTokenAndAnObjectAsJsonAndKeepsAnErrorAnswerAsItCame() {
    Answer answer = api.post("/echo?x=1", "t0ken", Map.of("name", "둥지"));

    assertThat(answer.status()).isEqualTo(418);
    assertThat(answer.contentType()).isEqualTo("application/json");
    assertThat(answer.header("Retry-After")).isEqualTo("60");
    assertThat(answer.header("X-Missing")).isEmpty();
    assertThat(answer.text("method")).isEqualTo("POST");
    assertThat(answer.text("path")).isEqualTo("/echo?x=1");
    assertThat(answer.text("authorization")).isEqualTo("Bearer t0ken");
    assertThat(answer.text("content_type")).isEqualTo("application/json");
    assertThat(answer.text("body")).isEqualTo("{\"name\":\"둥지\"}");
  }

  @Test
  void sendsAStringAsItIsAndNoBodyOrTokenWhenThereIsNone() {
    assertThat(api.put("/echo", null, "{\"raw\": true}").text("body")).isEqualTo("{\"raw\": true}");
    Answer bare = api.delete("/echo", null);
    assertThat(bare.text("method")).isEqualTo("DELETE");
    assertThat(bare.text("authorization")).isNull();
    assertThat(bare.text("content_type")).isNull();
    assertThat(bare.text("body")).isEmpty();
    assertThat(api.get("/empty", null).json()).isNull();
  }

  @Test
  void encodesWhatAUriMayNotHoldAndKeepsTheRest() {
    assertThat(api.get("/echo?q=서울 우유&a=%2F", null).text("path"))
        .isEqualTo("/echo?q=%EC%84%9C%EC%9A%B8%20%EC%9A%B0%EC%9C%A0&a=%2F");
  }

  @Test
  void aHeaderAddedToTheClientGoesWithEveryRequest() {
    ApiClient proxied = api.withHeader("X-Forwarded-For", "203.0.113.7");
    assertThat(proxied.patch("/echo", null, Map.of()).text("forwarded")).isEqualTo("203.0.113.7");
    assertThat(api.get("/echo", null).text("forwarded")).isNull();
  }

  @Test
  void sendsAFormWithItsFieldsAndFilesInOrder() {
    byte[] png = {(byte) 0x89, 'P', 'N', 'G'};
    Answer answer =
        api.post(
            "/echo",
            null,
            Multipart.form()
                .field("title", "전단")
                .file("pages", "p1.png", "image/png", png)
                .file("pages", "p2.png", "image/png", png));

    String type = answer.text("content_type");
    assertThat(type).startsWith("multipart/form-data; boundary=");
    String boundary = type.substring(type.indexOf('=') + 1);
    String body = answer.text("body");
    assertThat(body)
        .startsWith(
            "--" + boundary + "\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\n전단")
        .contains("name=\"pages\"; filename=\"p1.png\"\r\nContent-Type: image/png\r\n\r\n")
        .contains("filename=\"p2.png\"")
        .endsWith("\r\n--" + boundary + "--\r\n");
  }

  @Test
  void awaitsATaskViewUntilItIsFinalAndFailsAtOnceOnAnError() {
    JsonNode done = api.awaitFinal("/task", null, Duration.ofSeconds(10));
    assertThat(done.get("status").asString()).isEqualTo("FAILED");
    assertThat(polls).hasValue(3);

    assertThatThrownBy(() -> api.awaitFinal("/echo", null, Duration.ofSeconds(10)))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("/echo answered 418");
  }

  @Test
  void fetchesAnAbsoluteUrlWithoutAToken() {
    var fetched = ApiClient.fetch(api.url("/echo"));
    assertThat(fetched.statusCode()).isEqualTo(418);
    assertThat(new String(fetched.body(), StandardCharsets.UTF_8))
        .contains("\"authorization\":null");
  }
}
