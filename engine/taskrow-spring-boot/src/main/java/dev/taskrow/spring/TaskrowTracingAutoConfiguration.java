package dev.taskrow.spring;

import dev.taskrow.core.TaskTracing;
import io.micrometer.tracing.Tracer;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Traces tasks when the application has a Micrometer {@link Tracer} (Boot's {@code
 * spring-boot-micrometer-tracing-opentelemetry} or {@code -brave} with its bridge): the engine then
 * stores each submitter's trace context on the row and runs handlers in spans that continue it.
 * Without a tracer, or with Boot's no-op one, the engine's default stores and starts nothing.
 * Ordered after Boot's tracing auto-configurations, whichever is on the classpath (absent names are
 * ignored), so that their tracer is seen.
 */
@AutoConfiguration(
    before = TaskrowAutoConfiguration.class,
    afterName = {
      "org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration",
      "org.springframework.boot.micrometer.tracing.autoconfigure.NoopTracerAutoConfiguration",
      "org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration",
      "org.springframework.boot.micrometer.tracing.brave.autoconfigure.BraveAutoConfiguration"
    })
@ConditionalOnClass(Tracer.class)
public class TaskrowTracingAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnBean(Tracer.class)
  TaskTracing taskrowTracing(Tracer tracer) {
    return tracer == Tracer.NOOP ? TaskTracing.NONE : new MicrometerTaskTracing(tracer);
  }
}
