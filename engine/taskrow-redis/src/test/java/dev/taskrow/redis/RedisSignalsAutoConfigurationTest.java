package dev.taskrow.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.taskrow.core.InProcessSignals;
import dev.taskrow.core.Signals;
import dev.taskrow.redis.testing.TestRedis;
import dev.taskrow.spring.TaskrowAutoConfiguration;
import dev.taskrow.test.TestDatabase;
import java.time.Duration;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.actuate.endpoint.SimpleStatusAggregator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** taskrow.signals chooses the transport; redis needs only this module and a URL. */
class RedisSignalsAutoConfigurationTest {
  private static TestRedis redis;

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withBean(DataSource.class, () -> TestDatabase.newPool(2))
          .withPropertyValues("taskrow.worker.enabled=false")
          .withConfiguration(
              AutoConfigurations.of(
                  RedisSignalsAutoConfiguration.class,
                  RedisSignalsHealthAutoConfiguration.class,
                  TaskrowAutoConfiguration.class,
                  DataSourceTransactionManagerAutoConfiguration.class));

  @BeforeAll
  static void start() {
    redis = TestRedis.start();
  }

  @AfterAll
  static void stop() {
    redis.close();
  }

  @Test
  void theDefaultStaysInProcessAndNeedsNoRedis() {
    runner.run(
        context -> {
          assertThat(context).hasNotFailed();
          assertThat(context.getBean(Signals.class)).isInstanceOf(InProcessSignals.class);
          assertThat(context).doesNotHaveBean(RedisSignalsHealthIndicator.class);
        });
  }

  @Test
  void redisSignalsComeFromTheUrlAndHealthIsDegradedNotDownWhileRedisIsAway() {
    runner
        .withPropertyValues("taskrow.signals=redis", "taskrow.redis.url=" + redis.url())
        .withPropertyValues("taskrow.redis.max-reconnect-delay=300ms")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              RedisSignals signals = (RedisSignals) context.getBean(Signals.class);
              RedisSignalsHealthIndicator health =
                  context.getBean(RedisSignalsHealthIndicator.class);
              await().atMost(Duration.ofSeconds(10)).until(signals::isConnected);
              assertThat(health.health(true).getStatus()).isEqualTo(Status.UP);

              redis.stop();
              await()
                  .atMost(Duration.ofSeconds(10))
                  .until(
                      () ->
                          health
                              .health(true)
                              .getStatus()
                              .equals(RedisSignalsHealthIndicator.DEGRADED));
              // The application's overall health ignores DEGRADED: UP with the database up.
              assertThat(
                      new SimpleStatusAggregator()
                          .getAggregateStatus(Status.UP, RedisSignalsHealthIndicator.DEGRADED))
                  .isEqualTo(Status.UP);

              redis.startAgain();
              await()
                  .atMost(Duration.ofSeconds(10))
                  .until(() -> health.health(true).getStatus().equals(Status.UP));
            });
  }
}
