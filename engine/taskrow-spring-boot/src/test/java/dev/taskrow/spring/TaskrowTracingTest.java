package dev.taskrow.spring;

import static dev.taskrow.test.TaskAwait.awaitStatus;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.taskrow.core.NewTask;
import dev.taskrow.core.Task;
import dev.taskrow.core.TaskFailure;
import dev.taskrow.core.TaskKind;
import dev.taskrow.core.TaskStatus;
import dev.taskrow.core.TaskTracing;
import dev.taskrow.core.Taskrow;
import dev.taskrow.test.TestDatabase;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration;
import org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration;
import org.springframework.boot.micrometer.tracing.autoconfigure.NoopTracerAutoConfiguration;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration;
import org.springframework.boot.opentelemetry.autoconfigure.OpenTelemetrySdkAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Tracing as an application gets it: Boot's own tracing auto-configuration on the OpenTelemetry
 * bridge, spans collected by the SDK's in-memory exporter, tasks run on the test JVM's real
 * PostgreSQL.
 */
class TaskrowTracingTest {
  private static final JdbcTemplate jdbc = new JdbcTemplate(TestDatabase.dataSource());
  private final InMemorySpanExporter exporter = InMemorySpanExporter.create();

  @BeforeEach
  void emptyTaskTable() {
    TestDatabase.truncate();
  }

  /** The issuance chains the OCR from inside its handler, as 둥지 does. */
  @Configuration(proxyBeanMethods = false)
  static class Chain {
    @Bean
    TaskDefinition issue() {
      return TaskDefinition.of(
          TaskKind.named("issue").queue("issuance").maxAttempts(1).build(),
          ctx -> ctx.submit(NewTask.of("ocr").subject("file:" + ctx.taskId())));
    }

    @Bean
    TaskDefinition ocr() {
      return TaskDefinition.of(
          TaskKind.named("ocr").queue("ocr").maxAttempts(1).build(),
          ctx -> {
            if (ctx.payload().contains("fail")) {
              throw TaskFailure.fatal("OCR_FAILED", "no text on page 1");
            }
          });
    }
  }

  private ApplicationContextRunner tracing() {
    return TestContexts.runner()
        .withConfiguration(
            AutoConfigurations.of(
                ObservationAutoConfiguration.class,
                OpenTelemetrySdkAutoConfiguration.class,
                MicrometerTracingAutoConfiguration.class,
                OpenTelemetryTracingAutoConfiguration.class,
                TaskrowTracingAutoConfiguration.class))
        .withPropertyValues("management.tracing.sampling.probability=1.0")
        // Exported as each span ends (Boot's own processor batches them every few seconds).
        .withBean(SpanProcessor.class, () -> SimpleSpanProcessor.create(exporter))
        .withUserConfiguration(Chain.class);
  }

  @Test
  void aRequestItsTaskAndTheFollowUpAreOneTrace() {
    tracing()
        .run(
            context -> {
              assertThat(context).hasSingleBean(MicrometerTaskTracing.class);
              Tracer tracer = context.getBean(Tracer.class);
              TaskrowTemplate template = context.getBean(TaskrowTemplate.class);
              Span request = tracer.nextSpan().name("POST /nests/1/issue").start();
              UUID issue;
              try (Tracer.SpanInScope scope = tracer.withSpan(request)) {
                issue = template.submit(NewTask.of("issue"));
              } finally {
                request.end();
              }
              Taskrow taskrow = context.getBean(Taskrow.class);
              String traceId = request.context().traceId();
              assertThat(taskrow.find(issue).orElseThrow().traceParent())
                  .isEqualTo("00-" + traceId + "-" + request.context().spanId() + "-01");

              awaitStatus(TestDatabase.dataSource(), issue, TaskStatus.SUCCESS);
              Task ocr = taskrow.findBySubject("file:" + issue, 1).getFirst();
              awaitStatus(TestDatabase.dataSource(), ocr.id(), TaskStatus.SUCCESS);

              SpanData issueSpan = awaitSpan("taskrow.task issue");
              SpanData ocrSpan = awaitSpan("taskrow.task ocr");
              assertThat(issueSpan.getTraceId()).isEqualTo(traceId);
              assertThat(issueSpan.getParentSpanId()).isEqualTo(request.context().spanId());
              assertThat(ocrSpan.getTraceId()).isEqualTo(traceId);
              assertThat(ocrSpan.getParentSpanId()).isEqualTo(issueSpan.getSpanId());
              assertThat(ocr.traceParent())
                  .isEqualTo("00-" + traceId + "-" + issueSpan.getSpanId() + "-01");

              assertThat(issueSpan.getKind()).isEqualTo(SpanKind.CONSUMER);
              assertThat(attribute(issueSpan, "taskrow.kind")).isEqualTo("issue");
              assertThat(attribute(issueSpan, "taskrow.queue")).isEqualTo("issuance");
              assertThat(attribute(issueSpan, "taskrow.task.id")).isEqualTo(issue.toString());
              assertThat(attribute(issueSpan, "taskrow.attempt")).isEqualTo("1");
              assertThat(attribute(issueSpan, "taskrow.outcome")).isEqualTo("succeeded");
              assertThat(attribute(ocrSpan, "taskrow.queue")).isEqualTo("ocr");
              assertThat(issueSpan.getStatus().getStatusCode()).isNotEqualTo(StatusCode.ERROR);
            });
  }

  @Test
  void aFailedAttemptsSpanCarriesItsErrorCode() {
    tracing()
        .run(
            context -> {
              Tracer tracer = context.getBean(Tracer.class);
              Span request = tracer.nextSpan().name("request").start();
              UUID ocr;
              try (Tracer.SpanInScope scope = tracer.withSpan(request)) {
                ocr =
                    context
                        .getBean(TaskrowTemplate.class)
                        .submit(NewTask.of("ocr").payload("{\"fail\": true}"));
              } finally {
                request.end();
              }
              awaitStatus(TestDatabase.dataSource(), ocr, TaskStatus.FAILED);
              SpanData span = awaitSpan("taskrow.task ocr");
              assertThat(span.getTraceId()).isEqualTo(request.context().traceId());
              assertThat(attribute(span, "taskrow.outcome")).isEqualTo("failed");
              assertThat(attribute(span, "taskrow.error_code")).isEqualTo("OCR_FAILED");
              assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
            });
  }

  @Test
  void aMalformedStoredContextStartsANewTraceAndTheTaskStillRuns() {
    tracing()
        .run(
            context -> {
              // Written in the submit's transaction, so the worker only ever sees the bad value.
              UUID ocr =
                  new TransactionTemplate(context.getBean(PlatformTransactionManager.class))
                      .execute(
                          status -> {
                            UUID id =
                                context.getBean(TaskrowTemplate.class).submit(NewTask.of("ocr"));
                            context
                                .getBean(JdbcTemplate.class)
                                .update(
                                    "update taskrow_task set trace_parent = ? where id = ?",
                                    "00-not-a-trace-01",
                                    id);
                            return id;
                          });
              awaitStatus(TestDatabase.dataSource(), ocr, TaskStatus.SUCCESS);
              SpanData span = awaitSpan("taskrow.task ocr");
              assertThat(span.getParentSpanContext().isValid()).isFalse();
              assertThat(attribute(span, "taskrow.outcome")).isEqualTo("succeeded");
            });
  }

  @Test
  void aSubmitOutsideAnySpanStoresNothing() {
    tracing()
        .run(
            context -> {
              UUID id = context.getBean(TaskrowTemplate.class).submit(NewTask.of("ocr"));
              assertThat(storedContext(id)).isNull();
              awaitStatus(TestDatabase.dataSource(), id, TaskStatus.SUCCESS);
              // The attempt still gets a span of its own: a root.
              assertThat(awaitSpan("taskrow.task ocr").getParentSpanContext().isValid()).isFalse();
            });
  }

  @Test
  void withoutATracerNothingIsTracedOrStored() {
    TestContexts.runner()
        .withConfiguration(AutoConfigurations.of(TaskrowTracingAutoConfiguration.class))
        .withUserConfiguration(Chain.class)
        .run(
            context -> {
              assertThat(context).doesNotHaveBean(TaskTracing.class);
              UUID issue = context.getBean(TaskrowTemplate.class).submit(NewTask.of("issue"));
              awaitStatus(TestDatabase.dataSource(), issue, TaskStatus.SUCCESS);
              Task ocr =
                  context.getBean(Taskrow.class).findBySubject("file:" + issue, 1).getFirst();
              awaitStatus(TestDatabase.dataSource(), ocr.id(), TaskStatus.SUCCESS);
              assertThat(storedContext(issue)).isNull();
              assertThat(storedContext(ocr.id())).isNull();
            });
  }

  @Test
  void bootsNoopTracerMeansNoTracing() {
    TestContexts.runner()
        .withConfiguration(
            AutoConfigurations.of(
                NoopTracerAutoConfiguration.class, TaskrowTracingAutoConfiguration.class))
        .run(context -> assertThat(context.getBean(TaskTracing.class)).isSameAs(TaskTracing.NONE));
  }

  private static String storedContext(UUID id) {
    return jdbc.queryForObject(
        "select trace_parent from taskrow_task where id = ?", String.class, id);
  }

  private SpanData awaitSpan(String name) {
    return await()
        .atMost(Duration.ofSeconds(20))
        .until(
            () -> {
              List<SpanData> named =
                  exporter.getFinishedSpanItems().stream()
                      .filter(span -> span.getName().equals(name))
                      .toList();
              return named.size() == 1 ? named.getFirst() : null;
            },
            span -> span != null);
  }

  private static String attribute(SpanData span, String key) {
    Object value = span.getAttributes().get(AttributeKey.stringKey(key));
    if (value == null) {
      value = span.getAttributes().get(AttributeKey.longKey(key));
    }
    return value == null ? null : value.toString();
  }
}
