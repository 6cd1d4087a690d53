package dev.dongchimi.adapter.images.naver;

import dev.dongchimi.ai.AiException;
import dev.dongchimi.ai.AiException.Kind;
import dev.dongchimi.ai.AiRefusedException;
import dev.dongchimi.ai.ImageCandidate;
import dev.dongchimi.ai.ImageCandidates;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Image candidates from a shopping search in the shape of Naver's ({@code GET
 * /v1/search/shop.json?query=&display=&start=1&sort=sim}): each item's title — its {@code <b>}
 * highlights and entities removed, the brand put in front when the title lacks it — and its image.
 * Items without an image or title, with a non-http(s) image, or repeated, are skipped; one
 * malformed item never costs the others.
 *
 * <p>Failures map as the import's analyser expects: 429 with Naver's rate-limit code (012, or no
 * code) → {@code RATE_LIMITED} (Retry-After honoured), timeouts → {@code TIMEOUT}, 5xx and refused
 * connections → {@code UNAVAILABLE}, a body that is not the expected JSON → {@code BAD_RESPONSE};
 * what does not pass by itself — 401/403 (the client id or secret, or the API not enabled for the
 * application), a 429 for the daily quota (010) — is an {@link AiRefusedException}. A 400 for one
 * query (SE01..SE06: a name the search cannot take) is no candidate for that product. It never
 * retries itself.
 */
public class NaverShoppingCandidates implements ImageCandidates {
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Pattern TAG = Pattern.compile("<[^>]*>");
  private static final int MAX_QUERY = 100;

  private final NaverShoppingSettings settings;
  private final HttpClient http;

  public NaverShoppingCandidates(NaverShoppingSettings settings) {
    this.settings = settings;
    this.http = HttpClient.newBuilder().connectTimeout(settings.connectTimeout()).build();
  }

  @Override
  public List<ImageCandidate> find(String productName) throws AiException {
    String query = productName == null ? "" : productName.strip();
    if (query.isEmpty()) {
      return List.of();
    }
    if (query.length() > MAX_QUERY) {
      query = query.substring(0, MAX_QUERY);
    }
    URI uri =
        URI.create(
            settings.search()
                + "?query="
                + URLEncoder.encode(query, StandardCharsets.UTF_8)
                + "&display="
                + settings.display()
                + "&start=1&sort=sim");
    HttpRequest request =
        HttpRequest.newBuilder(uri)
            .timeout(settings.requestTimeout())
            .header("X-Naver-Client-Id", settings.clientId())
            .header("X-Naver-Client-Secret", settings.clientSecret())
            .header("Accept", "application/json")
            .GET()
            .build();
    HttpResponse<String> response;
    try {
      response = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    } catch (HttpTimeoutException e) {
      throw new AiException(Kind.TIMEOUT, "shopping search timed out", null, e);
    } catch (IOException e) {
      throw new AiException(Kind.UNAVAILABLE, "shopping search unreachable: " + e, null, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AiException(Kind.UNAVAILABLE, "interrupted", null, e);
    }
    int status = response.statusCode();
    if (status == 200) {
      return candidates(response.body());
    }
    Error error = error(response.body());
    if (status == 429) {
      if ("010".equals(error.code())) { // the day's quota: it will not pass within an import
        throw new AiRefusedException(429, "shopping search quota exhausted: " + error.message());
      }
      throw new AiException(
          Kind.RATE_LIMITED,
          "shopping search rate limited: " + error.message(),
          retryAfter(response).orElse(null),
          null);
    }
    if (status == 401 || status == 403) {
      throw new AiRefusedException(
          status, "shopping search refused the credentials (" + status + "): " + error.message());
    }
    if (status == 400) {
      return List.of(); // this query cannot be searched; the product gets no candidate
    }
    if (status >= 500) {
      throw new AiException(
          Kind.UNAVAILABLE, "shopping search answered " + status + ": " + error.message());
    }
    throw new AiRefusedException(
        status, "shopping search answered " + status + " (check base-url): " + error.message());
  }

  private static List<ImageCandidate> candidates(String body) throws AiException {
    JsonNode root;
    try {
      root = JSON.readTree(body);
    } catch (JacksonException e) {
      throw new AiException(Kind.BAD_RESPONSE, "shopping search answered no JSON", null, e);
    }
    JsonNode items = root == null ? null : root.get("items");
    if (items == null || !items.isArray()) {
      throw new AiException(Kind.BAD_RESPONSE, "shopping search answered no items array");
    }
    List<ImageCandidate> found = new ArrayList<>();
    Set<String> seen = new LinkedHashSet<>();
    for (JsonNode item : items) {
      if (!item.isObject()) {
        continue;
      }
      String image = text(item, "image");
      String title = title(text(item, "title"));
      if (image == null || title.isEmpty() || !image.matches("(?i)https?://\\S+")) {
        continue;
      }
      String brand = text(item, "brand");
      if (brand != null && !brand.isBlank() && !title.contains(brand.strip())) {
        title = brand.strip() + " " + title;
      }
      if (seen.add(image)) {
        found.add(new ImageCandidate(image, title));
      }
    }
    return found;
  }

  /** Naver's title without its {@code <b>} highlights and HTML entities. */
  static String title(String raw) {
    if (raw == null) {
      return "";
    }
    String text = TAG.matcher(raw).replaceAll("");
    text =
        text.replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&#39;", "'")
            .replace("&apos;", "'")
            .replace("&amp;", "&");
    return text.replaceAll("\\s+", " ").strip();
  }

  private static String text(JsonNode item, String field) {
    JsonNode node = item.get(field);
    return node != null && node.isString() ? node.asString() : null;
  }

  private record Error(String code, String message) {}

  /** Naver's error body: {@code {"errorMessage": "...", "errorCode": "012"}}; anything else. */
  private static Error error(String body) {
    try {
      JsonNode root = JSON.readTree(body);
      if (root != null && root.isObject()) {
        String code = text(root, "errorCode");
        String message = text(root, "errorMessage");
        return new Error(code, (code == null ? "" : code + " ") + (message == null ? "" : message));
      }
    } catch (JacksonException ignored) {
      // not JSON: a proxy's page
    }
    String snippet = body == null ? "" : body.strip();
    return new Error(null, snippet.length() > 200 ? snippet.substring(0, 200) : snippet);
  }

  private static java.util.Optional<Duration> retryAfter(HttpResponse<?> response) {
    return response
        .headers()
        .firstValue("Retry-After")
        .flatMap(
            v -> {
              try {
                return java.util.Optional.of(Duration.ofSeconds(Long.parseLong(v.strip())));
              } catch (NumberFormatException e) {
                return java.util.Optional.empty();
              }
            });
  }
}
