package dev.app.storage;

import dev.platform.accounts.PublicEndpoint;
import dev.platform.embedded.EmbeddedDefault;
import dev.platform.embedded.GeneratedSecret;
import dev.platform.storage.local.LocalObjectStorage;
import dev.platform.storage.s3.S3ObjectStorage;
import dev.platform.storage.s3.S3StorageSettings;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Object storage, chosen by {@code app.storage.type}: {@code local} (the embedded default, files
 * under {@code ${app.embedded.data-dir}/storage}, signed links served by {@link
 * LocalFilesController}) or {@code s3} (AWS or any S3-compatible endpoint).
 */
@Configuration(proxyBeanMethods = false)
public class StorageConfiguration {

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(name = "app.storage.type", havingValue = "local", matchIfMissing = true)
  static class Local {
    @Bean
    LocalObjectStorage localObjectStorage(
        @Value("${app.storage.local.dir:${app.embedded.data-dir:./var}/storage}") Path dir,
        @Value("${app.storage.local.base-url:http://localhost:${server.port:8080}}") URI baseUrl,
        @Value("${app.storage.local.signing-secret:}") String secret,
        @Value("${app.embedded.data-dir:./var}") Path dataDir,
        ObjectProvider<Clock> clock) {
      byte[] key =
          secret.isBlank()
              ? GeneratedSecret.readOrCreate(dataDir.resolve("storage-signing.key"), 32)
              : secret.getBytes(StandardCharsets.UTF_8);
      return new LocalObjectStorage(dir, baseUrl, key, clock.getIfAvailable(Clock::systemUTC));
    }

    @Bean
    EmbeddedDefault localStorageDefault(
        LocalObjectStorage storage, @Value("${app.storage.local.signing-secret:}") String secret) {
      return EmbeddedDefault.inUse(
          "storage: local filesystem "
              + storage.root()
              + (secret.isBlank() ? " with a generated link-signing key" : "")
              + " — one machine only, not for production; set app.storage.type=s3");
    }

    /** Signed links carry their own authorisation (HMAC, expiry); no bearer token. */
    @Bean
    PublicEndpoint localFilesPublic() {
      return PublicEndpoint.get("/files/**");
    }
  }

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(name = "app.storage.type", havingValue = "s3")
  static class S3 {
    @Bean(destroyMethod = "close")
    S3ObjectStorage s3ObjectStorage(
        @Value("${app.storage.s3.endpoint:}") String endpoint,
        @Value("${app.storage.s3.region:ap-northeast-2}") String region,
        @Value("${app.storage.s3.bucket}") String bucket,
        @Value("${app.storage.s3.access-key:}") String accessKey,
        @Value("${app.storage.s3.secret-key:}") String secretKey,
        @Value("${app.storage.s3.path-style:true}") boolean pathStyle,
        @Value("${app.storage.s3.timeout:30s}") Duration timeout) {
      return S3ObjectStorage.create(
          new S3StorageSettings(
              endpoint.isBlank() ? null : URI.create(endpoint),
              region,
              bucket,
              accessKey.isBlank() ? null : accessKey,
              secretKey.isBlank() ? null : secretKey,
              pathStyle,
              timeout));
    }
  }
}
