package dev.dongchimi.importer;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.util.unit.DataSize;

/** {@code dongchimi.import.*} as it binds: defaults, and a bad value stopping start-up by name. */
class ImportPropertiesTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner().withUserConfiguration(Bound.class);

  @EnableConfigurationProperties(ImportProperties.class)
  static class Bound {}

  @Test
  void theDefaultsAreTheDocumentedOnes() {
    runner.run(
        context -> {
          ImportProperties properties = context.getBean(ImportProperties.class);
          assertThat(properties.maxFileSize()).isEqualTo(DataSize.ofMegabytes(10));
          assertThat(properties.maxRows()).isEqualTo(20_000);
          assertThat(properties.aiConcurrency()).isEqualTo(8);
          assertThat(properties.effectiveWindow()).isEqualTo(16);
        });
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "dongchimi.import.max-rows=0              | dongchimi.import.max-rows must be within",
        "dongchimi.import.ai-concurrency=0        | dongchimi.import.ai-concurrency must be within",
        "dongchimi.import.max-compression-ratio=2 | dongchimi.import.max-compression-ratio",
        "dongchimi.import.ai-retry-budget=0s      | dongchimi.import.ai-retry-budget must be positive",
      })
  void aBadValueFailsStartUpNamingTheProperty(String property, String message) {
    runner
        .withPropertyValues(property)
        .run(
            context ->
                assertThat(context)
                    .hasFailed()
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining(message));
  }
}
