package dev.app.storage;

import static dev.app.StartupFailure.cannotBind;
import static dev.app.StartupFailure.rootCauseSays;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** {@code storage.*} as it binds: defaults, and a bad value stopping start-up with its name. */
class StoragePropertiesTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner().withUserConfiguration(Bound.class);

  @EnableConfigurationProperties(StorageProperties.class)
  static class Bound {}

  @Test
  void theDefaultsAreTheLocalStoreAndTheDocumentedS3Values() {
    runner
        .withPropertyValues("storage.s3.endpoint=", "storage.local.dir=")
        .run(
            context -> {
              StorageProperties properties = context.getBean(StorageProperties.class);
              assertThat(properties.type()).isEqualTo(StorageProperties.Type.LOCAL);
              assertThat(properties.local().dir()).isNull();
              assertThat(properties.local().baseUrl()).isNull();
              assertThat(properties.s3().endpoint()).isNull();
              assertThat(properties.s3().region()).isEqualTo("ap-northeast-2");
              assertThat(properties.s3().pathStyle()).isTrue();
              assertThat(properties.s3().timeout()).isEqualTo(Duration.ofSeconds(30));
            });
  }

  @Test
  void s3BindsItsSettingsAndKeepsTheSecretsOutOfToString() {
    runner
        .withPropertyValues(
            "storage.type=s3",
            "storage.s3.endpoint=http://127.0.0.1:9000",
            "storage.s3.bucket=dungji",
            "storage.s3.access-key=access",
            "storage.s3.secret-key=s3-secret-not-for-logs",
            "storage.local.signing-secret=local-secret-not-for-logs")
        .run(
            context -> {
              StorageProperties properties = context.getBean(StorageProperties.class);
              assertThat(properties.type()).isEqualTo(StorageProperties.Type.S3);
              assertThat(properties.s3().endpoint()).isEqualTo(URI.create("http://127.0.0.1:9000"));
              assertThat(properties.s3().bucket()).isEqualTo("dungji");
              assertThat(properties.toString())
                  .contains("dungji")
                  .doesNotContain("s3-secret-not-for-logs")
                  .doesNotContain("local-secret-not-for-logs");
            });
  }

  @Test
  void s3WithoutABucketFailsStartUpNamingTheProperty() {
    runner
        .withPropertyValues("storage.type=s3")
        .run(rootCauseSays("storage.s3.bucket is required with storage.type=s3"));
  }

  @Test
  void aStoreThatDoesNotExistFailsStartUpNamingTheProperty() {
    runner.withPropertyValues("storage.type=s4").run(cannotBind("storage.type"));
  }

  @Test
  void aTimeoutOfZeroFailsStartUpNamingTheProperty() {
    runner
        .withPropertyValues("storage.s3.timeout=0s")
        .run(rootCauseSays("Binding validation errors on storage", "field 's3.timeout'"));
  }
}
