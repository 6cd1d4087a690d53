package dev.taskrow.redis;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/** The {@code taskrowRedis} health contributor, when Redis signals and health support are on. */
@AutoConfiguration(after = RedisSignalsAutoConfiguration.class)
@ConditionalOnClass({HealthIndicator.class, ConditionalOnEnabledHealthIndicator.class})
@ConditionalOnBean(RedisSignals.class)
@ConditionalOnEnabledHealthIndicator("taskrowRedis")
public class RedisSignalsHealthAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean(name = "taskrowRedisHealthIndicator")
  RedisSignalsHealthIndicator taskrowRedisHealthIndicator(RedisSignals signals) {
    return new RedisSignalsHealthIndicator(signals);
  }
}
