package dev.app.dungji;

import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/** A client of the running app over real HTTP, with tokens from /auth/signup and /auth/login. */
final class AppClient {
  private static final ObjectMapper JSON = JsonMapper.builder().build();
  private final HttpClient http = HttpClient.newHttpClient();
  private final String base;

  AppClient(int port) {
    this.base = "http://localhost:" + port;
  }

  record Response(int status, JsonNode json, String raw) {}

  String newUserToken() {
    String email = "u" + UUID.randomUUID().toString().substring(0, 12) + "@example.com";
    String credentials = "{\"email\": \"" + email + "\", \"password\": \"correct horse 42\"}";
    Response signup = post("/auth/signup", null, credentials);
    if (signup.status() != 201) {
      throw new AssertionError("signup: " + signup.raw());
    }
    Response login = post("/auth/login", null, credentials);
    if (login.status() != 200) {
      throw new AssertionError("login: " + login.raw());
    }
    return login.json().get("access_token").asString();
  }

  long nest(String token, String name) {
    Response r =
        post(
            "/nests",
            token,
            "{\"name\": \""
                + name
                + "\", \"address\": \"서울특별시 강남구 테헤란로 152\", \"dong\": \"1\", \"ho\": \"801\"}");
    if (r.status() != 201) {
      throw new AssertionError("nest: " + r.raw());
    }
    return r.json().get("id").asLong();
  }

  String issue(String token, long nest) {
    Response r = post("/nests/" + nest + "/analysis/registry/issue", token, null);
    if (r.status() != 202) {
      throw new AssertionError("issue: " + r.raw());
    }
    return r.json().get("task_id").asString();
  }

  JsonNode awaitFinal(String token, String path, Duration atMost) {
    JsonNode[] last = new JsonNode[1];
    await()
        .atMost(atMost)
        .pollInterval(Duration.ofMillis(200))
        .until(
            () -> {
              Response r = get(path, token);
              if (r.status() != 200) {
                throw new AssertionError(path + ": " + r.raw());
              }
              last[0] = r.json();
              String status = last[0].get("status").asString();
              return status.equals("SUCCESS") || status.equals("FAILED");
            });
    return last[0];
  }

  Response get(String path, String token) {
    return send(HttpRequest.newBuilder(URI.create(base + path)).GET(), token);
  }

  Response post(String path, String token, String body) {
    return send(
        HttpRequest.newBuilder(URI.create(base + path))
            .header("Content-Type", "application/json")
            .POST(
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body)),
        token);
  }

  HttpResponse<byte[]> fetch(String url) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(url)).GET().build(),
        HttpResponse.BodyHandlers.ofByteArray());
  }

  private Response send(HttpRequest.Builder request, String token) {
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    try {
      HttpResponse<String> r = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
      JsonNode json = r.body().isBlank() ? null : JSON.readTree(r.body());
      return new Response(r.statusCode(), json, r.body());
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
