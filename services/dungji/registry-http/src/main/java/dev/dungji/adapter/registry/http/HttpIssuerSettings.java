package dev.dungji.adapter.registry.http;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/**
 * How to reach the issuing API.
 *
 * @param baseUrl the API, e.g. https://development.codef.io
 * @param tokenUrl the OAuth token endpoint (client credentials)
 * @param clientId with clientSecret, the API credentials
 * @param clientSecret with clientId
 * @param prepaidNumber the prepaid payment number (선불전자지급수단 번호) the fee is charged to
 * @param prepaidPassword its password
 * @param connectTimeout connecting
 * @param readTimeout waiting for an answer; issuing takes tens of seconds on a busy day
 * @param resultPath the call that answers the outcome of an earlier request id (the charged
 *     document again, "no such request", or "too late"); null when the API offers none
 */
public record HttpIssuerSettings(
    URI baseUrl,
    URI tokenUrl,
    String clientId,
    String clientSecret,
    String prepaidNumber,
    String prepaidPassword,
    Duration connectTimeout,
    Duration readTimeout,
    String resultPath) {
  /** The CODEF-style result inquiry: the outcome of my own request id. */
  public static final String DEFAULT_RESULT_PATH =
      "/v1/kr/public/ck/real-estate-register/request-result";

  /** With the default result inquiry. */
  public HttpIssuerSettings(
      URI baseUrl,
      URI tokenUrl,
      String clientId,
      String clientSecret,
      String prepaidNumber,
      String prepaidPassword,
      Duration connectTimeout,
      Duration readTimeout) {
    this(
        baseUrl,
        tokenUrl,
        clientId,
        clientSecret,
        prepaidNumber,
        prepaidPassword,
        connectTimeout,
        readTimeout,
        DEFAULT_RESULT_PATH);
  }

  public HttpIssuerSettings {
    if (resultPath != null && resultPath.isBlank()) {
      resultPath = null;
    }
    // The app checks its own properties first and names them (dungji.issuer.http.*).
    Objects.requireNonNull(baseUrl, "baseUrl");
    Objects.requireNonNull(tokenUrl, "tokenUrl");
    if (clientId == null || clientId.isBlank() || clientSecret == null || clientSecret.isBlank()) {
      throw new IllegalArgumentException("clientId and clientSecret are required");
    }
    Objects.requireNonNull(connectTimeout, "connectTimeout");
    Objects.requireNonNull(readTimeout, "readTimeout");
  }
}
