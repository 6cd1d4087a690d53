package dev.platform.accounts;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** {@code accounts.*} as it binds: defaults, and a bad value stopping start-up with its name. */
class AccountsPropertiesTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner().withUserConfiguration(Bound.class);

  @EnableConfigurationProperties(AccountsProperties.class)
  static class Bound {}

  @Test
  void theDefaultsAreTheDocumentedOnes() {
    runner.run(
        context -> {
          AccountsProperties properties = context.getBean(AccountsProperties.class);
          assertThat(properties.jwtSecret()).isNull();
          assertThat(properties.tokenTtl()).isEqualTo(Duration.ofHours(1));
          assertThat(properties.issuer()).isEqualTo("taskrow");
          assertThat(properties.throttle().window()).isEqualTo(Duration.ofMinutes(15));
          assertThat(properties.throttle().maxFailuresPerAccount()).isEqualTo(5);
          assertThat(properties.throttle().maxFailuresPerAccountAllAddresses()).isEqualTo(50);
          assertThat(properties.throttle().maxFailuresPerAddress()).isEqualTo(20);
        });
  }

  @Test
  void theSecretStaysOutOfToString() {
    runner
        .withPropertyValues("accounts.jwt-secret=0123456789abcdef0123456789abcdef-not-for-logs")
        .run(
            context ->
                assertThat(context.getBean(AccountsProperties.class).toString())
                    .contains("issuer=taskrow")
                    .doesNotContain("not-for-logs"));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "accounts.token-ttl=0s                         | accounts.token-ttl must be positive",
        "accounts.throttle.window=0s                   | accounts.throttle.window must be positive",
        "accounts.throttle.max-failures-per-address=0  | accounts.throttle.max-failures-per-address",
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
