package dev.dongchimi.adapter.images.naver;

import java.net.URI;
import java.time.Duration;

/**
 * Where the shopping search is and how to call it.
 *
 * @param baseUrl e.g. {@code https://openapi.naver.com} (the path {@code /v1/search/shop.json} is
 *     appended)
 * @param clientId sent as {@code X-Naver-Client-Id}
 * @param clientSecret sent as {@code X-Naver-Client-Secret}; never logged or put in a message
 * @param display how many items one query asks for (1..100; Naver's default is 10)
 */
public record NaverShoppingSettings(
    URI baseUrl,
    String clientId,
    String clientSecret,
    int display,
    Duration connectTimeout,
    Duration requestTimeout) {

  public NaverShoppingSettings {
    if (baseUrl == null || !(baseUrl.getScheme() + "").matches("https?")) {
      throw new IllegalArgumentException("base-url must be an http(s) URL");
    }
    if (clientId == null || clientId.isBlank() || clientSecret == null || clientSecret.isBlank()) {
      throw new IllegalArgumentException("client-id and client-secret are required");
    }
    if (display < 1 || display > 100) {
      throw new IllegalArgumentException("display must be within 1..100");
    }
  }

  URI search() {
    String base = baseUrl.toString();
    return URI.create((base.endsWith("/") ? base : base + "/") + "v1/search/shop.json");
  }

  @Override
  public String toString() {
    return "NaverShoppingSettings[baseUrl="
        + baseUrl
        + ", clientId="
        + clientId
        + ", display="
        + display
        + "]";
  }
}
