package dev.dongchimi.adapter.ai.openai;

import java.net.URI;
import java.time.Duration;

/**
 * How to reach an OpenAI-compatible chat API.
 *
 * @param baseUrl the API root that {@code /chat/completions} is under, e.g. {@code
 *     https://api.openai.com/v1}
 * @param model the model every call names, e.g. {@code gpt-4o-mini}
 * @param apiKey sent as a bearer token; from configuration or the environment, never from the
 *     repository
 * @param connectTimeout opening a connection
 * @param requestTimeout one call, from sending the request to the last byte of the answer
 */
public record OpenAiSettings(
    URI baseUrl, String model, String apiKey, Duration connectTimeout, Duration requestTimeout) {

  public OpenAiSettings {
    if (baseUrl == null
        || !("http".equals(baseUrl.getScheme()) || "https".equals(baseUrl.getScheme()))
        || baseUrl.getHost() == null) {
      throw new IllegalArgumentException("the base URL must be an http(s) URL: " + baseUrl);
    }
    if (model == null || model.isBlank()) {
      throw new IllegalArgumentException("the model is required");
    }
    if (apiKey == null || apiKey.isBlank()) {
      throw new IllegalArgumentException("the API key is required");
    }
    if (connectTimeout == null || !connectTimeout.isPositive()) {
      throw new IllegalArgumentException("the connect timeout must be positive");
    }
    if (requestTimeout == null || !requestTimeout.isPositive()) {
      throw new IllegalArgumentException("the request timeout must be positive");
    }
  }

  /** The endpoint, whether or not the base URL ends with a slash. */
  URI chatCompletions() {
    String base = baseUrl.toString();
    return URI.create((base.endsWith("/") ? base : base + "/") + "chat/completions");
  }

  /** Without the key: settings end up in logs and failure messages. */
  @Override
  public String toString() {
    return "OpenAiSettings[baseUrl="
        + baseUrl
        + ", model="
        + model
        + ", apiKey=***, connectTimeout="
        + connectTimeout
        + ", requestTimeout="
        + requestTimeout
        + "]";
  }
}
