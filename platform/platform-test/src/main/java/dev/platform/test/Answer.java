package dev.platform.test;

import java.net.http.HttpHeaders;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What an API answered: its status, its body as text and its headers, with the JSON read from the
 * body on demand. Errors are answers too: {@link #code()} is a problem's stable code.
 */
public record Answer(int status, String body, HttpHeaders headers) {
  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** The body as JSON; null when there is no body. */
  public JsonNode json() {
    return body == null || body.isBlank() ? null : JSON.readTree(body);
  }

  /** A top-level field of the JSON body as text; null when it is absent or null. */
  public String text(String field) {
    JsonNode value = json().get(field);
    return value == null || value.isNull() ? null : value.asString();
  }

  /** The {@code code} of a problem+json body. */
  public String code() {
    return text("code");
  }

  /** The Content-Type header; empty when there is none. */
  public String contentType() {
    return header("Content-Type");
  }

  /** The first value of a header; empty when there is none. */
  public String header(String name) {
    return headers.firstValue(name).orElse("");
  }
}
