package dev.platform.accounts;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The per-address token bucket of requests without a token, on a clock the test moves. */
class AnonymousReadLimiterTest {
  private final AtomicLong nanos = new AtomicLong(1_000_000_000L);

  private AnonymousReadLimiter limiter(int perMinute, int maxAddresses) {
    return new AnonymousReadLimiter(
        new AccountsProperties.AnonymousReads(perMinute, maxAddresses), null, nanos::get);
  }

  @Test
  void anAddressGetsItsBurstThenWaitsForTheRefill() {
    AnonymousReadLimiter limiter = limiter(60, 100);
    for (int i = 0; i < 60; i++) {
      assertThat(limiter.take("10.0.0.1")).as("request %d", i).isZero();
    }
    long wait = limiter.take("10.0.0.1");
    assertThat(Duration.ofNanos(wait))
        .isEqualTo(Duration.ofSeconds(1)); // 60 a minute: one a second
    assertThat(limiter.take("10.0.0.2")).as("another address has its own bucket").isZero();

    nanos.addAndGet(Duration.ofMillis(999).toNanos());
    assertThat(limiter.take("10.0.0.1")).isPositive();
    nanos.addAndGet(Duration.ofMillis(1).toNanos());
    assertThat(limiter.take("10.0.0.1")).isZero();
  }

  @Test
  void fullBucketsAreForgottenWhenTooManyAddressesAreKept() {
    AnonymousReadLimiter limiter = limiter(60, 2);
    assertThat(limiter.take("a")).isZero();
    assertThat(limiter.take("b")).isZero();
    nanos.addAndGet(Duration.ofMinutes(1).toNanos()); // both full again
    assertThat(limiter.take("c")).isZero();
    for (int i = 0; i < 59; i++) {
      limiter.take("c");
    }
    assertThat(limiter.take("c")).as("c's own bucket is still counted").isPositive();
  }

  @Test
  void aRateBelowOneIsRefusedAtStartUp() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> new AccountsProperties.AnonymousReads(0, 10))
        .hasMessageContaining("accounts.anonymous-reads.per-minute");
  }
}
