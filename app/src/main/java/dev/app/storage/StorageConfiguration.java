package dev.app.storage;

import dev.platform.accounts.PublicEndpoint;
import dev.platform.embedded.EmbeddedDefault;
import dev.platform.embedded.EmbeddedProperties;
import dev.platform.embedded.GeneratedSecret;
import dev.platform.storage.local.LocalObjectStorage;
import dev.platform.storage.s3.S3ObjectStorage;
import dev.platform.storage.s3.S3StorageSettings;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * Object storage, chosen by {@code storage.type} ({@link StorageProperties}): {@code local} (the
 * embedded default, files under {@code <embedded.data-dir>/storage}, signed links served by {@link
 * LocalFilesController}) or {@code s3} (AWS or any S3-compatible endpoint).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({StorageProperties.class, EmbeddedProperties.class})
public class StorageConfiguration {

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(name = "storage.type", havingValue = "local", matchIfMissing = true)
  static class Local {
    @Bean
    LocalObjectStorage localObjectStorage(
        StorageProperties properties,
        EmbeddedProperties embedded,
        Environment environment,
        ObjectProvider<Clock> clock) {
      StorageProperties.Local local = properties.local();
      Path dir = local.dir() != null ? local.dir() : embedded.dataDir().resolve("storage");
      URI baseUrl =
          local.baseUrl() != null
              ? local.baseUrl()
              : URI.create("http://localhost:" + environment.getProperty("server.port", "8080"));
      byte[] key =
          isBlank(local.signingSecret())
              ? GeneratedSecret.readOrCreate(embedded.dataDir().resolve("storage-signing.key"), 32)
              : local.signingSecret().getBytes(StandardCharsets.UTF_8);
      return new LocalObjectStorage(dir, baseUrl, key, clock.getIfAvailable(Clock::systemUTC));
    }

    @Bean
    EmbeddedDefault localStorageDefault(LocalObjectStorage storage, StorageProperties properties) {
      return EmbeddedDefault.inUse(
          "storage: local filesystem "
              + storage.root()
              + (isBlank(properties.local().signingSecret())
                  ? " with a generated link-signing key"
                  : "")
              + " — one machine only, not for production; set storage.type=s3");
    }

    /** Signed links carry their own authorisation (HMAC, expiry); no bearer token. */
    @Bean
    PublicEndpoint localFilesPublic() {
      return PublicEndpoint.get("/files/**");
    }
  }

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(name = "storage.type", havingValue = "s3")
  static class S3 {
    @Bean(destroyMethod = "close")
    S3ObjectStorage s3ObjectStorage(StorageProperties properties) {
      StorageProperties.S3 s3 = properties.s3();
      return S3ObjectStorage.create(
          new S3StorageSettings(
              s3.endpoint(),
              s3.region(),
              s3.bucket(),
              isBlank(s3.accessKey()) ? null : s3.accessKey(),
              isBlank(s3.secretKey()) ? null : s3.secretKey(),
              s3.pathStyle(),
              s3.timeout()));
    }
  }

  private static boolean isBlank(String value) {
    return value == null || value.isBlank();
  }
}
