package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {

  @Test
  void exponentialBackoffDoublesUpToTheCap() {
    RetryPolicy policy =
        RetryPolicy.exponential(Duration.ofSeconds(1), Duration.ofSeconds(10)).withJitter(0);
    assertThat(policy.delayAfter(1)).isEqualTo(Duration.ofSeconds(1));
    assertThat(policy.delayAfter(2)).isEqualTo(Duration.ofSeconds(2));
    assertThat(policy.delayAfter(3)).isEqualTo(Duration.ofSeconds(4));
    assertThat(policy.delayAfter(4)).isEqualTo(Duration.ofSeconds(8));
    assertThat(policy.delayAfter(5)).isEqualTo(Duration.ofSeconds(10));
    assertThat(policy.delayAfter(500)).isEqualTo(Duration.ofSeconds(10));
  }

  @Test
  void jitterSpreadsAroundTheBaseAndNeverPassesTheCap() {
    RetryPolicy policy = RetryPolicy.exponential(Duration.ofSeconds(10), Duration.ofSeconds(15));
    assertThat(policy.delayAfter(1, 0.0)).isEqualTo(Duration.ofSeconds(8));
    assertThat(policy.delayAfter(1, 0.5)).isEqualTo(Duration.ofSeconds(10));
    assertThat(policy.delayAfter(1, 0.999999)).isLessThanOrEqualTo(Duration.ofSeconds(12));
    assertThat(policy.delayAfter(2, 0.999999)).isEqualTo(Duration.ofSeconds(15));
  }

  @Test
  void decidesByCause() {
    RetryPolicy policy =
        RetryPolicy.defaults().neverRetry("DUPLICATE_PAYMENT").alwaysRetry("RATE_LIMITED");
    assertThat(policy.retries("TIMEOUT", true)).isTrue();
    assertThat(policy.retries("TIMEOUT", false)).isFalse();
    assertThat(policy.retries("DUPLICATE_PAYMENT", true)).isFalse();
    assertThat(policy.retries("RATE_LIMITED", false)).isTrue();
    assertThat(policy.retries(ErrorCodes.UNKNOWN, false)).isFalse();
    assertThat(policy.retryUnknown(true).retries(ErrorCodes.UNKNOWN, false)).isTrue();
    assertThat(policy.retries(ErrorCodes.CANCELLED, true)).isFalse();
  }

  @Test
  void rejectsNonsense() {
    assertThatThrownBy(() -> RetryPolicy.exponential(Duration.ofSeconds(5), Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> RetryPolicy.defaults().withJitter(1.5))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> TaskKind.named("k").maxAttempts(0).build())
        .hasMessageContaining("maxAttempts");
    assertThatThrownBy(() -> TaskKind.named("k").lease(Duration.ZERO).build())
        .hasMessageContaining("lease");
    assertThatThrownBy(() -> TaskKind.named("bad name!").build()).hasMessageContaining("kind name");
  }
}
