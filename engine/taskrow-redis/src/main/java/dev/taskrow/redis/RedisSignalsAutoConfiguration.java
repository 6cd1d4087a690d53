package dev.taskrow.redis;

import dev.taskrow.core.Signals;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * With {@code taskrow.signals=redis}: the engine's {@link Signals} bean over Redis Pub/Sub, and a
 * {@code taskrowRedis} health contributor ({@link RedisSignalsHealthAutoConfiguration}). Runs
 * before taskrow's own auto-configuration, whose Signals bean then backs off.
 */
@AutoConfiguration(beforeName = "dev.taskrow.spring.TaskrowAutoConfiguration")
@ConditionalOnProperty(name = "taskrow.signals", havingValue = "redis")
@EnableConfigurationProperties(RedisSignalsProperties.class)
public class RedisSignalsAutoConfiguration {

  /** Closed on shutdown, after the worker (which depends on the engine, hence on this) stopped. */
  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean(Signals.class)
  RedisSignals taskrowSignals(RedisSignalsProperties properties) {
    return new RedisSignals(
        properties.url(),
        properties.channelPrefix(),
        properties.commandTimeout(),
        properties.maxReconnectDelay());
  }
}
