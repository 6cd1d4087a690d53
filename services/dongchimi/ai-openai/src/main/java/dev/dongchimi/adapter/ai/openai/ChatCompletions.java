package dev.dongchimi.adapter.ai.openai;

import dev.dongchimi.ai.AiException;
import dev.dongchimi.ai.AiException.Kind;
import dev.dongchimi.ai.AiRefusedException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * One chat completion that must answer a JSON object: the request, and every way it can fail mapped
 * to an {@link AiException} kind (what may pass) or an {@link AiRefusedException} (what will not).
 * It never retries or waits: the caller holds a permit of the shared AI cap and retries within its
 * own budget.
 */
final class ChatCompletions {
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final int SNIPPET = 200;

  private final OpenAiSettings settings;
  private final Clock clock;
  // Blocking sends park virtual threads cheaply; one client keeps its connections for every call.
  private final HttpClient http;

  ChatCompletions(OpenAiSettings settings, Clock clock) {
    this.settings = settings;
    this.clock = clock;
    this.http = HttpClient.newBuilder().connectTimeout(settings.connectTimeout()).build();
  }

  /** The model's answer to a system and a user message, as a JSON object. */
  ObjectNode ask(String system, String user) throws AiException {
    ObjectNode body = JSON.createObjectNode();
    body.put("model", settings.model());
    body.put("temperature", 0);
    body.putObject("response_format").put("type", "json_object");
    var messages = body.putArray("messages");
    messages.addObject().put("role", "system").put("content", system);
    messages.addObject().put("role", "user").put("content", user);
    HttpRequest request =
        HttpRequest.newBuilder(settings.chatCompletions())
            .timeout(settings.requestTimeout())
            .header("Authorization", "Bearer " + settings.apiKey())
            .header("Content-Type", "application/json")
            .header("Accept", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
            .build();
    HttpResponse<String> response = send(request);
    refuseOrFail(response);
    return answer(response.body());
  }

  private HttpResponse<String> send(HttpRequest request) throws AiException {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    } catch (HttpConnectTimeoutException e) {
      throw new AiException(
          Kind.TIMEOUT, "no connection within " + settings.connectTimeout(), null, e);
    } catch (HttpTimeoutException e) {
      throw new AiException(Kind.TIMEOUT, "no answer within " + settings.requestTimeout(), null, e);
    } catch (ConnectException e) {
      throw new AiException(Kind.UNAVAILABLE, "cannot connect to " + settings.baseUrl(), null, e);
    } catch (IOException e) {
      throw new AiException(Kind.UNAVAILABLE, "the connection failed: " + e, null, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the caller sees the flag and stops
      throw new AiException(Kind.UNAVAILABLE, "interrupted", null, e);
    }
  }

  /** Anything but a 2xx: what may pass is an AiException, what will not an AiRefusedException. */
  private void refuseOrFail(HttpResponse<String> response) throws AiException {
    int status = response.statusCode();
    if (status >= 200 && status < 300) {
      return;
    }
    String error = errorMessage(response.body());
    if (status == 429 && "insufficient_quota".equals(errorCode(response.body()))) {
      throw new AiRefusedException(status, "the AI API's quota is used up (HTTP 429): " + error);
    }
    if (status == 429) {
      throw new AiException(
          Kind.RATE_LIMITED,
          "HTTP 429: " + error,
          RetryAfter.of(response.headers(), clock).orElse(null),
          null);
    }
    if (status == 408) {
      throw new AiException(Kind.TIMEOUT, "HTTP 408: " + error);
    }
    if (status >= 500) {
      throw new AiException(
          Kind.UNAVAILABLE,
          "HTTP " + status + ": " + error,
          RetryAfter.of(response.headers(), clock).orElse(null),
          null);
    }
    if (status == 401 || status == 403) {
      throw new AiRefusedException(
          status,
          "the AI API refused the key (HTTP " + status + "): " + error + " — check the API key");
    }
    throw new AiRefusedException(
        status,
        "the AI API rejected the request (HTTP "
            + status
            + "): "
            + error
            + " — check the base URL "
            + settings.baseUrl()
            + " and the model "
            + settings.model());
  }

  /** {@code choices[0].message.content}, itself a JSON object. */
  private static ObjectNode answer(String body) throws AiException {
    JsonNode root = parse(body, "the response is not JSON");
    JsonNode message = root.path("choices").path(0).path("message");
    JsonNode refusal = message.path("refusal");
    if (refusal.isString() && !refusal.stringValue().isBlank()) {
      throw new AiException(Kind.BAD_RESPONSE, "the model refused: " + refusal.stringValue());
    }
    JsonNode content = message.path("content");
    if (!content.isString()) {
      throw new AiException(
          Kind.BAD_RESPONSE, "the response has no choices[0].message.content: " + snippet(body));
    }
    JsonNode answer = parse(unfenced(content.stringValue()), "the model's answer is not JSON");
    if (!(answer instanceof ObjectNode object)) {
      throw new AiException(
          Kind.BAD_RESPONSE,
          "the model's answer is not a JSON object: " + snippet(content.stringValue()));
    }
    return object;
  }

  private static JsonNode parse(String text, String what) throws AiException {
    try {
      return JSON.readTree(text);
    } catch (JacksonException e) {
      throw new AiException(Kind.BAD_RESPONSE, what + ": " + snippet(text), null, e);
    }
  }

  /** Some compatible servers wrap the JSON in a Markdown fence even in JSON mode. */
  private static String unfenced(String content) {
    String s = content.strip();
    if (s.startsWith("```") && s.endsWith("```") && s.length() >= 6) {
      s = s.substring(3, s.length() - 3);
      return s.startsWith("json") ? s.substring(4) : s;
    }
    return s;
  }

  /** OpenAI's {@code error.message}, else the start of the body. */
  private static String errorMessage(String body) {
    try {
      JsonNode message = JSON.readTree(body).path("error").path("message");
      if (message.isString()) {
        return message.stringValue();
      }
    } catch (JacksonException e) {
      // not JSON: the body as it is
    }
    return snippet(body);
  }

  private static String errorCode(String body) {
    try {
      JsonNode error = JSON.readTree(body).path("error");
      JsonNode code = error.path("code").isString() ? error.path("code") : error.path("type");
      return code.isString() ? code.stringValue() : "";
    } catch (JacksonException e) {
      return "";
    }
  }

  private static String snippet(Object text) {
    String s = String.valueOf(text);
    return s.length() <= SNIPPET ? s : s.substring(0, SNIPPET) + "…";
  }
}
