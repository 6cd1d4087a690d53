package dev.dungji;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/** A real HTTP client for the API under test. */
final class Api {
  private static final ObjectMapper JSON = JsonMapper.builder().build();
  private final HttpClient client = HttpClient.newHttpClient();
  private final String base;

  Api(int port) {
    this.base = "http://127.0.0.1:" + port;
  }

  record Response(int status, String body, String contentType) {
    JsonNode json() {
      return JSON.readTree(body);
    }
  }

  Response get(String path, String token) {
    return send(HttpRequest.newBuilder(URI.create(base + path)).GET(), token);
  }

  Response post(String path, String token, String json) {
    return send(
        HttpRequest.newBuilder(URI.create(base + path))
            .header("Content-Type", "application/json")
            .POST(
                json == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(json)),
        token);
  }

  HttpResponse<byte[]> fetch(URI url) throws Exception {
    return client.send(
        HttpRequest.newBuilder(url).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
  }

  private Response send(HttpRequest.Builder request, String token) {
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    try {
      HttpResponse<String> response =
          client.send(request.build(), HttpResponse.BodyHandlers.ofString());
      return new Response(
          response.statusCode(),
          response.body(),
          response.headers().firstValue("Content-Type").orElse(""));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
