package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.taskrow.core.FailureClassifier.Decision;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Failure classification on its own: no database, no worker. */
class FailureClassifierTest {
  private static final RetryPolicy TEN_SECONDS = RetryPolicy.fixed(Duration.ofSeconds(10));

  @Test
  void aRetryableFailureWithAttemptsLeftIsRetriedAfterThePolicysDelay() {
    Decision decision =
        classify(TaskFailure.retryable("NETWORK_ERROR", "connection reset"), 1, 3, TEN_SECONDS);

    assertThat(decision.retries()).isTrue();
    assertThat(decision.retryDelay()).isEqualTo(Duration.ofSeconds(10));
    assertThat(decision.code()).isEqualTo("NETWORK_ERROR");
    assertThat(decision.message()).isEqualTo("connection reset");
    assertThat(decision.unexpected()).isFalse();
  }

  @Test
  void theLastAttemptEndsWithTheCause() {
    Decision decision = classify(TaskFailure.retryable("MAINTENANCE", "down"), 3, 3, TEN_SECONDS);

    assertThat(decision.retries()).isFalse();
    assertThat(decision.retryDelay()).isNull();
    assertThat(decision.code()).isEqualTo("MAINTENANCE");
  }

  @Test
  void aFatalFailureEndsAtOnce() {
    Decision decision =
        classify(TaskFailure.fatal("AUTOMATION_FAILED", "could not log in"), 1, 5, TEN_SECONDS);

    assertThat(decision.retries()).isFalse();
    assertThat(decision.code()).isEqualTo("AUTOMATION_FAILED");
    assertThat(decision.message()).isEqualTo("could not log in");
  }

  @Test
  void thePolicysCodeListsOverruleTheHandler() {
    RetryPolicy policy = TEN_SECONDS.neverRetry("DUPLICATE_PAYMENT");
    assertThat(classify(TaskFailure.retryable("DUPLICATE_PAYMENT", "paid"), 1, 5, policy).retries())
        .isFalse();
    policy = TEN_SECONDS.alwaysRetry("RATE_LIMITED");
    assertThat(classify(TaskFailure.fatal("RATE_LIMITED", "429"), 1, 5, policy).retries()).isTrue();
  }

  @Test
  void aLongerRetryAfterWinsOverTheBackoffAndAShorterOneDoesNot() {
    TaskFailure rateLimited = TaskFailure.retryable("RATE_LIMITED", "429");
    assertThat(
            classify(rateLimited.retryAfter(Duration.ofSeconds(120)), 1, 3, TEN_SECONDS)
                .retryDelay())
        .isEqualTo(Duration.ofSeconds(120));
    assertThat(
            classify(rateLimited.retryAfter(Duration.ofSeconds(1)), 1, 3, TEN_SECONDS).retryDelay())
        .isEqualTo(Duration.ofSeconds(10));
  }

  @Test
  void theDelayUsesTheGivenDrawForTheJitter() {
    RetryPolicy jittered = RetryPolicy.exponential(Duration.ofSeconds(10), Duration.ofMinutes(5));
    TaskFailure failure = TaskFailure.retryable("TIMEOUT", "slow");

    assertThat(FailureClassifier.classify(failure, 2, 5, false, jittered, 0.0).retryDelay())
        .isEqualTo(jittered.delayAfter(2, 0.0))
        .isEqualTo(Duration.ofSeconds(16));
    assertThat(FailureClassifier.classify(failure, 2, 5, false, jittered, 0.5).retryDelay())
        .isEqualTo(Duration.ofSeconds(20));
  }

  @Test
  void anUnexpectedExceptionIsUnknownWithItsTextAndNotRetriedByDefault() {
    Decision decision = classify(new IllegalStateException("boom"), 1, 5, TEN_SECONDS);

    assertThat(decision.code()).isEqualTo(ErrorCodes.UNKNOWN);
    assertThat(decision.message()).isEqualTo("java.lang.IllegalStateException: boom");
    assertThat(decision.unexpected()).isTrue();
    assertThat(decision.retries()).isFalse();
  }

  @Test
  void anUnexpectedExceptionIsRetriedWhenThePolicySaysSo() {
    Decision decision =
        classify(new IllegalStateException("boom"), 1, 5, TEN_SECONDS.retryUnknown(true));

    assertThat(decision.retries()).isTrue();
    assertThat(decision.code()).isEqualTo(ErrorCodes.UNKNOWN);
    assertThat(decision.unexpected()).isTrue();
  }

  @Test
  void aCancelRequestedDuringTheAttemptStopsTheRetry() {
    Decision retryable =
        FailureClassifier.classify(
            TaskFailure.retryable("TIMEOUT", "slow"), 1, 5, true, TEN_SECONDS, 0.5);
    assertThat(retryable.retries()).isFalse();
    assertThat(retryable.code()).as("a handler's own code is kept").isEqualTo("TIMEOUT");

    Decision unexpected =
        FailureClassifier.classify(new IllegalStateException("x"), 1, 5, true, TEN_SECONDS, 0.5);
    assertThat(unexpected.retries()).isFalse();
    assertThat(unexpected.code()).isEqualTo(ErrorCodes.CANCELLED);

    Decision cancelled =
        classify(TaskFailure.cancelled(), 1, 5, TEN_SECONDS.alwaysRetry(ErrorCodes.CANCELLED));
    assertThat(cancelled.retries()).isFalse();
    assertThat(cancelled.code()).isEqualTo(ErrorCodes.CANCELLED);
  }

  @ParameterizedTest
  @ValueSource(strings = {"08006", "08001", "40001", "40P01", "53300", "57P01", "57P03"})
  void aTransientSqlStateIsRetriedAsATransientDatabaseError(String sqlState) {
    SQLException error = new SQLException("passing trouble", sqlState);
    Decision decision = classify(error, 1, 3, TEN_SECONDS);

    assertThat(decision.code()).isEqualTo(ErrorCodes.TRANSIENT_DATABASE_ERROR);
    assertThat(decision.message()).isEqualTo(error.toString());
    assertThat(decision.unexpected()).isFalse();
    assertThat(decision.retries()).isTrue();
  }

  @Test
  void aTransientSqlStateIsFoundAnywhereInTheCauseChain() {
    Exception wrapped =
        new IllegalStateException(
            "repository failed", new SQLTransientConnectionException("gone", "08003"));
    Decision decision = classify(wrapped, 1, 3, TEN_SECONDS);

    assertThat(decision.code()).isEqualTo(ErrorCodes.TRANSIENT_DATABASE_ERROR);
    assertThat(FailureClassifier.transientDatabaseFailure(wrapped).getCause()).isSameAs(wrapped);
  }

  @ParameterizedTest
  @NullSource
  @ValueSource(strings = {"42P01", "23505", "57014", "22001", "XX000"})
  void anyOtherSqlStateIsUnknown(String sqlState) {
    Decision decision = classify(new SQLException("not passing", sqlState), 1, 3, TEN_SECONDS);

    assertThat(decision.code()).isEqualTo(ErrorCodes.UNKNOWN);
    assertThat(decision.unexpected()).isTrue();
    assertThat(decision.retries()).isFalse();
  }

  @Test
  void aLongMessageIsCutAndAMissingOneStaysMissing() {
    Decision decision = classify(TaskFailure.fatal("BIG", "x".repeat(5000)), 1, 3, TEN_SECONDS);
    assertThat(decision.message()).hasSize(FailureClassifier.MAX_MESSAGE + 1).endsWith("x…");

    assertThat(classify(TaskFailure.fatal("QUIET", null), 1, 3, TEN_SECONDS).message()).isNull();
  }

  private static Decision classify(
      Throwable error, int attempt, int maxAttempts, RetryPolicy policy) {
    return FailureClassifier.classify(error, attempt, maxAttempts, false, policy, 0.5);
  }
}
