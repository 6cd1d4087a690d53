package dev.taskrow.sse;

import dev.taskrow.core.Signals;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;

/** One {@link TaskEventStreams} per web application, on the engine's signals. */
@AutoConfiguration(afterName = "dev.taskrow.spring.TaskrowAutoConfiguration")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnBean(Signals.class)
@EnableConfigurationProperties(TaskEventStreamsProperties.class)
public class TaskEventStreamsAutoConfiguration {

  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  TaskEventStreams taskEventStreams(Signals signals, TaskEventStreamsProperties properties) {
    return new TaskEventStreams(
        signals,
        properties.fallbackInterval(),
        properties.timeout(),
        properties.maxStreamsPerViewer());
  }

  /**
   * Ends the open streams when the context stops, before the web server's graceful shutdown (phase
   * {@code DEFAULT_PHASE - 1024}) waits for requests in progress: the highest phase stops first.
   */
  @Bean
  SmartLifecycle taskEventStreamsShutdown(TaskEventStreams streams) {
    return new SmartLifecycle() {
      private volatile boolean running;

      @Override
      public void start() {
        running = true;
      }

      @Override
      public void stop() {
        running = false;
        streams.endAll();
      }

      @Override
      public boolean isRunning() {
        return running;
      }

      @Override
      public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE;
      }
    };
  }
}
