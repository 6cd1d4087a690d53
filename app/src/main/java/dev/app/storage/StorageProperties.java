package dev.app.storage;

import dev.app.RedactedToString;
import dev.app.RequiredSetting;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The {@code storage.*} properties: which object store keeps the files (둥지's certificates, 동치미's
 * flyer pages) and how to reach it. Checked when the application starts: a bad value or a missing
 * bucket stops start-up with the property's name.
 *
 * @param type {@code local} (the embedded default: files on this machine, links the app signs and
 *     serves) or {@code s3} (AWS or any S3-compatible store)
 * @param local the local store ({@code storage.type=local})
 * @param s3 the bucket ({@code storage.type=s3})
 */
@ConfigurationProperties("storage")
@Validated
public record StorageProperties(
    @DefaultValue("local") @NotNull Type type,
    @DefaultValue @Valid Local local,
    @DefaultValue @Valid S3 s3) {

  public StorageProperties {
    if (type == Type.S3) {
      RequiredSetting.check("storage.s3.bucket", s3.bucket(), "storage.type=s3", "the bucket name");
    }
  }

  /** The object stores the app can use. */
  public enum Type {
    LOCAL,
    S3
  }

  /**
   * {@code storage.local.*}. Every process that serves or writes the files (the API, a separate OCR
   * worker) must see the same directory and signing secret.
   *
   * @param dir where the objects are kept; unset: {@code <embedded.data-dir>/storage}
   * @param baseUrl the address clients reach the app at, the root of the signed links ({@code GET
   *     /files/{key}?expires=&signature=}); unset: {@code http://localhost:<server.port>}
   * @param signingSecret the links' HMAC-SHA256 key (UTF-8); unset: generated once in {@code
   *     <embedded.data-dir>/storage-signing.key}
   */
  public record Local(Path dir, URI baseUrl, String signingSecret) {

    /** Without the secret: properties end up in logs and failure messages. */
    @Override
    public String toString() {
      return RedactedToString.of(this, "signingSecret");
    }
  }

  /**
   * {@code storage.s3.*}. Links are presigned GET URLs.
   *
   * @param endpoint unset for AWS itself; the URL of an S3-compatible store otherwise
   * @param region the bucket's region (S3-compatible stores accept any)
   * @param bucket the bucket that holds the objects; required with {@code storage.type=s3}
   * @param accessKey with secret-key; unset: the default AWS credentials chain (environment,
   *     profile, role)
   * @param secretKey with access-key
   * @param pathStyle {@code http://host/bucket/key} addressing, which most S3-compatible stores
   *     need
   * @param timeout per API call
   */
  public record S3(
      URI endpoint,
      @DefaultValue("ap-northeast-2") @NotBlank String region,
      String bucket,
      String accessKey,
      String secretKey,
      @DefaultValue("true") boolean pathStyle,
      @DefaultValue("30s") @NotNull @DurationMin(millis = 1) Duration timeout) {

    /** Without the secret key: properties end up in logs and failure messages. */
    @Override
    public String toString() {
      return RedactedToString.of(this, "secretKey");
    }
  }
}
