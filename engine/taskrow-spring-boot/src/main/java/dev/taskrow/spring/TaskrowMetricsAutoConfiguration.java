package dev.taskrow.spring;

import dev.taskrow.core.Taskrow;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Micrometer meters for the engine, when the application has a MeterRegistry. The listener is a
 * TaskListener bean: the engine picks up every one when it is created.
 */
@AutoConfiguration(
    after = TaskrowAutoConfiguration.class,
    afterName =
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration")
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean({MeterRegistry.class, Taskrow.class})
public class TaskrowMetricsAutoConfiguration {
  /** Often enough for dashboards, rare enough not to load the database on every scrape. */
  static final Duration GAUGE_REFRESH = Duration.ofSeconds(5);

  @Bean
  @ConditionalOnMissingBean
  MicrometerTaskListener taskrowMicrometerListener(MeterRegistry registry) {
    return new MicrometerTaskListener(registry);
  }

  @Bean
  @ConditionalOnMissingBean
  QueueDepthMetrics taskrowQueueDepthMetrics(Taskrow taskrow) {
    return new QueueDepthMetrics(taskrow, GAUGE_REFRESH);
  }

  @Bean
  @ConditionalOnMissingBean
  QueuePauseMetrics taskrowQueuePauseMetrics(Taskrow taskrow) {
    return new QueuePauseMetrics(taskrow, GAUGE_REFRESH);
  }

  @Bean
  @ConditionalOnMissingBean
  ConcurrencyLimitMetrics taskrowConcurrencyLimitMetrics(Taskrow taskrow) {
    return new ConcurrencyLimitMetrics(taskrow, GAUGE_REFRESH);
  }

  @Bean
  @ConditionalOnMissingBean
  WorkerMetrics taskrowWorkerMetrics(Taskrow taskrow) {
    return new WorkerMetrics(taskrow, GAUGE_REFRESH);
  }
}
