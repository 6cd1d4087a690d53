package dev.app.dungji;

import dev.app.RedactedToString;
import dev.app.RequiredSetting;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The {@code dungji.issuer.*} properties: which registry issuer 둥지 buys certificates from. Checked
 * when the application starts: a bad value or a missing credential stops start-up with the
 * property's name.
 *
 * @param type {@code sandbox} (the embedded default: generated certificates, no payment), {@code
 *     http} (the real issuing API) or {@code custom} (neither: the application registers its own
 *     {@code RegistryIssuer} bean)
 * @param sandbox the sandbox issuer ({@code dungji.issuer.type=sandbox})
 * @param http the issuing API ({@code dungji.issuer.type=http})
 */
@ConfigurationProperties("dungji.issuer")
@Validated
public record IssuerProperties(
    @DefaultValue("sandbox") @NotNull Type type,
    @DefaultValue @Valid Sandbox sandbox,
    @DefaultValue @Valid Http http) {

  public IssuerProperties {
    if (type == Type.HTTP) {
      String choice = "dungji.issuer.type=http";
      RequiredSetting.check(
          "dungji.issuer.http.base-url",
          http.baseUrl(),
          choice,
          "e.g. https://development.codef.io");
      RequiredSetting.check(
          "dungji.issuer.http.token-url",
          http.tokenUrl(),
          choice,
          "the API's OAuth token endpoint");
      RequiredSetting.check(
          "dungji.issuer.http.client-id", http.clientId(), choice, "the API's client id");
      RequiredSetting.check(
          "dungji.issuer.http.client-secret",
          http.clientSecret(),
          choice,
          "the API's client secret, from the environment: DUNGJI_ISSUER_HTTP_CLIENT_SECRET");
    }
  }

  /** The issuers 둥지 can use. */
  public enum Type {
    SANDBOX,
    HTTP,
    /** No built-in issuer: the application provides the RegistryIssuer bean itself. */
    CUSTOM
  }

  /**
   * {@code dungji.issuer.sandbox.*}.
   *
   * @param font a Hangul TrueType font for the generated PDFs; unset: the NanumGothic bundled with
   *     the sandbox adapter
   * @param faults faults injected into every request with a probability, e.g. {@code
   *     timeout:0.1,automation:0.05}; unset: none
   * @param refetchWindow how long the sandbox serves a charged document again (then the outcome of
   *     its key is unknowable, as with a real issuer)
   */
  public record Sandbox(
      Path font,
      String faults,
      @DefaultValue("1d") @NotNull @DurationMin(millis = 0) Duration refetchWindow) {}

  /**
   * {@code dungji.issuer.http.*}: a CODEF-style API (OAuth client credentials, prepaid fee).
   *
   * @param baseUrl the API, e.g. {@code https://development.codef.io}; required with {@code
   *     dungji.issuer.type=http}
   * @param tokenUrl the OAuth token endpoint (client credentials); required with {@code
   *     dungji.issuer.type=http}
   * @param clientId the API's client id; required with {@code dungji.issuer.type=http}
   * @param clientSecret the API's client secret; required with {@code dungji.issuer.type=http}
   * @param prepaidNumber the prepaid payment number (선불전자지급수단 번호) the fee is charged to
   * @param prepaidPassword its password
   * @param connectTimeout connecting to the API
   * @param readTimeout waiting for an answer; issuing takes tens of seconds on a busy day
   * @param resultPath the API's result inquiry (the outcome of an earlier request id); empty when
   *     the API offers none, and then a lost answer ends PAYMENT_UNCERTAIN
   */
  public record Http(
      URI baseUrl,
      URI tokenUrl,
      String clientId,
      String clientSecret,
      String prepaidNumber,
      String prepaidPassword,
      @DefaultValue("5s") @NotNull @DurationMin(millis = 1) Duration connectTimeout,
      @DefaultValue("90s") @NotNull @DurationMin(millis = 1) Duration readTimeout,
      @DefaultValue("/v1/kr/public/ck/real-estate-register/request-result") String resultPath) {

    /** Without the secrets: properties end up in logs and failure messages. */
    @Override
    public String toString() {
      return RedactedToString.of(this, "clientSecret", "prepaidNumber", "prepaidPassword");
    }
  }
}
