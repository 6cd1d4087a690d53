package dev.dungji;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** {@code dungji.*} as it binds: defaults, and a bad value stopping start-up with its name. */
class DungjiPropertiesTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner().withUserConfiguration(Bound.class);

  @EnableConfigurationProperties(DungjiProperties.class)
  static class Bound {}

  @Test
  void theDefaultsAreTheDocumentedOnes() {
    runner.run(
        context -> {
          DungjiProperties properties = context.getBean(DungjiProperties.class);
          assertThat(properties.staleAfter()).isEqualTo(Duration.ofMinutes(5));
          assertThat(properties.issueMaxAttempts()).isEqualTo(4);
          assertThat(properties.retryInitialDelay()).isEqualTo(Duration.ofSeconds(2));
          assertThat(properties.retryMaxDelay()).isEqualTo(Duration.ofMinutes(1));
          assertThat(properties.ocrMaxAttempts()).isEqualTo(3);
          assertThat(properties.fileUrlTtl()).isEqualTo(Duration.ofMinutes(5));
          assertThat(properties.sweepInterval()).isEqualTo(Duration.ofMinutes(10));
          assertThat(properties.sweepMinAge()).isEqualTo(Duration.ofHours(1));
          DungjiProperties.Quota quota = properties.quota();
          assertThat(quota.perUserPerDay()).isEqualTo(20);
          assertThat(quota.perNestPerDay()).isEqualTo(3);
          assertThat(quota.dailyBudget()).isEqualTo(2000);
          assertThat(quota.reuseWindow()).isEqualTo(Duration.ofHours(24));
          assertThat(quota.zone()).isEqualTo(java.time.ZoneId.of("Asia/Seoul"));
          assertThat(quota.keepDays()).isEqualTo(7);
          assertThat(quota.pruneInterval()).isEqualTo(Duration.ofHours(6));
        });
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "dungji.file-url-ttl=0s         | field 'fileUrlTtl'",
        "dungji.file-url-ttl=2h         | field 'fileUrlTtl'",
        "dungji.issue-max-attempts=0    | field 'issueMaxAttempts'",
        "dungji.ocr-max-attempts=0      | field 'ocrMaxAttempts'",
        "dungji.stale-after=0s          | field 'staleAfter'",
        "dungji.quota.per-user-per-day=0 | field 'quota.perUserPerDay'",
        "dungji.quota.per-nest-per-day=0 | field 'quota.perNestPerDay'",
        "dungji.quota.daily-budget=0     | field 'quota.dailyBudget'",
        "dungji.quota.reuse-window=-1s   | field 'quota.reuseWindow'",
      })
  void aBadValueFailsStartUpNamingTheProperty(String property, String field) {
    runner
        .withPropertyValues(property)
        .run(
            context ->
                assertThat(context)
                    .hasFailed()
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("Binding validation errors on dungji")
                    .hasMessageContaining(field));
  }
}
