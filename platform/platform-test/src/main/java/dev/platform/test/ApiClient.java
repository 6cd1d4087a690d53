package dev.platform.test;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A real HTTP client of an API under test, over the JDK's client: a request is a method, a path, a
 * bearer token (null for none) and a body; the answer is whatever came back, errors included.
 *
 * <pre>{@code
 * ApiClient api = new ApiClient(port);
 * String token = SignUp.newToken(api);
 * Answer created = api.post("/nests", token, Map.of("name", "집"));
 * assertThat(created.status()).isEqualTo(201);
 * long id = created.json().get("id").asLong();
 * assertThat(api.get("/nests/" + id, null).code()).isEqualTo("UNAUTHENTICATED");
 * }</pre>
 *
 * A body is sent as JSON: a {@link String} as it is, any other object written by Jackson; a {@link
 * Multipart} is sent as a form. The JDK's client never retries, so a 429 reaches the test as is.
 */
public final class ApiClient {
  private static final JsonMapper JSON = JsonMapper.builder().build();
  // One client for all: each has its own threads, and a test makes many ApiClients.
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private static final Set<String> FINAL = Set.of("SUCCESS", "FAILED");
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private final String base;
  private final Map<String, String> headers;

  /** A client of the server on this machine's {@code port}. */
  public ApiClient(int port) {
    this("http://127.0.0.1:" + port, Map.of());
  }

  private ApiClient(String base, Map<String, String> headers) {
    this.base = base;
    this.headers = headers;
  }

  /**
   * The same client, sending one more header with every request, e.g. X-Forwarded-For; a
   * Content-Type given here replaces the one the body would have.
   */
  public ApiClient withHeader(String name, String value) {
    Map<String, String> more = new LinkedHashMap<>(headers);
    more.put(name, value);
    return new ApiClient(base, Map.copyOf(more));
  }

  /** The absolute URL of {@code path}, e.g. for a stream of server-sent events. */
  public String url(String path) {
    return base + path;
  }

  public Answer get(String path, String token) {
    return send("GET", path, token, null);
  }

  public Answer post(String path, String token, Object body) {
    return send("POST", path, token, body);
  }

  public Answer put(String path, String token, Object body) {
    return send("PUT", path, token, body);
  }

  public Answer patch(String path, String token, Object body) {
    return send("PATCH", path, token, body);
  }

  public Answer delete(String path, String token) {
    return send("DELETE", path, token, null);
  }

  /**
   * Any method; {@code body} may be null (none), a JSON string, a {@link Multipart} or an object.
   */
  public Answer send(String method, String path, String token, Object body) {
    HttpRequest.Builder request = HttpRequest.newBuilder(uri(url(path)));
    headers.forEach(request::header);
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    BodyPublisher publisher = BodyPublishers.noBody();
    if (body instanceof Multipart form) {
      contentType(request, form.contentType());
      publisher = form.publisher();
    } else if (body != null) {
      contentType(request, "application/json");
      publisher =
          BodyPublishers.ofString(
              body instanceof String json ? json : JSON.writeValueAsString(body));
    }
    HttpResponse<String> response = call(request.method(method, publisher).build());
    return new Answer(response.statusCode(), response.body(), response.headers());
  }

  /**
   * Polls {@code GET path} until the task it shows is final, as a client polls: until its {@code
   * status} is SUCCESS or FAILED, the engine's final states, which every service's task view shows.
   * Fails at once on an answer other than 200.
   *
   * @return the final view
   */
  public JsonNode awaitFinal(String path, String token, Duration atMost) {
    AtomicReference<JsonNode> last = new AtomicReference<>();
    await()
        .atMost(atMost)
        .pollInterval(Duration.ofMillis(100))
        .until(
            () -> {
              Answer answer = get(path, token);
              if (answer.status() != 200) {
                throw new AssertionError(
                    path + " answered " + answer.status() + ": " + answer.body());
              }
              last.set(answer.json());
              return FINAL.contains(answer.text("status"));
            });
    return last.get();
  }

  /**
   * The URL as a browser sends what was typed: characters a URI may not hold (spaces, Korean) are
   * percent-encoded as UTF-8, the rest, escapes included, is kept, so {@code ?q=서울 우유} works.
   */
  private static URI uri(String url) {
    StringBuilder encoded = new StringBuilder();
    for (byte b : url.getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xff;
      if (c > ' ' && c < 0x7f && "\"<>\\^`{|}".indexOf(c) < 0) {
        encoded.append((char) c);
      } else {
        encoded.append('%').append(HEX[c >> 4]).append(HEX[c & 0xf]);
      }
    }
    return URI.create(encoded.toString());
  }

  /** The body's type, unless the client was given one with {@link #withHeader}. */
  private void contentType(HttpRequest.Builder request, String type) {
    if (headers.keySet().stream().noneMatch("Content-Type"::equalsIgnoreCase)) {
      request.header("Content-Type", type);
    }
  }

  /** A GET of an absolute URL with no token, as a browser follows a signed link. */
  public static HttpResponse<byte[]> fetch(String url) {
    return call(HttpRequest.newBuilder(uri(url)).GET().build(), BodyHandlers.ofByteArray());
  }

  private static HttpResponse<String> call(HttpRequest request) {
    return call(request, BodyHandlers.ofString());
  }

  private static <T> HttpResponse<T> call(HttpRequest request, HttpResponse.BodyHandler<T> body) {
    try {
      return HTTP.send(request, body);
    } catch (IOException e) {
      throw new UncheckedIOException(request.method() + " " + request.uri(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted: " + request.method() + " " + request.uri(), e);
    }
  }
}
