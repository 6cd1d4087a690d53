package dev.taskrow.spring;

import static dev.taskrow.test.TaskAwait.awaitStatus;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.taskrow.core.NewTask;
import dev.taskrow.core.TaskFailure;
import dev.taskrow.core.TaskKind;
import dev.taskrow.core.TaskSnooze;
import dev.taskrow.core.TaskStatus;
import dev.taskrow.core.Taskrow;
import dev.taskrow.test.TestDatabase;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class TaskrowMetricsTest {

  @BeforeEach
  void emptyTaskTable() {
    TestDatabase.truncate();
  }

  @Test
  void countsOutcomesAndTimesWaitAndRun() {
    metricsRunner()
        .withBean(
            TaskDefinition.class,
            () ->
                TaskDefinition.of(
                    TaskKind.named("measured").maxAttempts(1).build(),
                    context -> {
                      if (context.payload().contains("fail")) {
                        throw TaskFailure.fatal("REJECTED", "no");
                      }
                    }))
        .withBean(TaskKind.class, () -> TaskKind.named("queued").queue("backlog").build())
        .run(
            context -> {
              assertThat(context).hasSingleBean(MicrometerTaskListener.class);
              TaskrowTemplate template = context.getBean(TaskrowTemplate.class);
              Taskrow taskrow = context.getBean(Taskrow.class);
              UUID ok = template.submit(NewTask.of("measured"));
              UUID failed = template.submit(NewTask.of("measured").payload("{\"fail\":1}"));
              template.submit(NewTask.of("queued"));
              template.submit(NewTask.of("queued"));
              awaitStatus(TestDatabase.dataSource(), ok, TaskStatus.SUCCESS);
              awaitStatus(TestDatabase.dataSource(), failed, TaskStatus.FAILED);

              MeterRegistry registry = context.getBean(MeterRegistry.class);
              // Listeners run after the outcome committed: wait for the counters to catch up.
              await()
                  .atMost(Duration.ofSeconds(10))
                  .untilAsserted(
                      () -> {
                        assertThat(counter(registry, "taskrow.tasks.claimed")).isEqualTo(2);
                        assertThat(counter(registry, "taskrow.tasks.succeeded")).isEqualTo(1);
                        assertThat(
                                registry
                                    .get("taskrow.tasks.failed")
                                    .tags("kind", "measured", "queue", "default")
                                    .tag("error_code", "REJECTED")
                                    .counter()
                                    .count())
                            .isEqualTo(1);
                        // Timed after the counters, by the same listener: inside the wait too.
                        assertThat(
                                registry
                                    .get("taskrow.task.wait")
                                    .tag("kind", "measured")
                                    .timer()
                                    .count())
                            .isEqualTo(2);
                        assertThat(
                                registry
                                    .get("taskrow.task.run")
                                    .tags("kind", "measured", "outcome", "success")
                                    .timer()
                                    .count())
                            .isEqualTo(1);
                      });
              assertThat(
                      registry.get("taskrow.queue.depth").tag("queue", "backlog").gauge().value())
                  .isEqualTo(2.0);
              assertThat(
                      registry.get("taskrow.queue.depth").tag("queue", "default").gauge().value())
                  .isEqualTo(0.0);
            });
  }

  @Test
  void countsSnoozes() {
    metricsRunner()
        .withBean(
            TaskDefinition.class,
            () ->
                TaskDefinition.of(
                    TaskKind.named("measured").build(),
                    context -> {
                      throw TaskSnooze.of(Duration.ofHours(1));
                    }))
        .run(
            context -> {
              context.getBean(TaskrowTemplate.class).submit(NewTask.of("measured"));
              MeterRegistry registry = context.getBean(MeterRegistry.class);
              await()
                  .atMost(Duration.ofSeconds(10))
                  .untilAsserted(
                      () -> assertThat(counter(registry, "taskrow.tasks.snoozed")).isEqualTo(1));
            });
  }

  @Test
  void aGaugePerQueueIsOneWhileItIsPaused() {
    metricsRunner()
        .withBean("export", TaskKind.class, () -> TaskKind.named("export").queue("exports").build())
        .withBean("mail", TaskKind.class, () -> TaskKind.named("mail").queue("mails").build())
        .withPropertyValues("taskrow.worker.enabled=false")
        .run(
            context -> {
              Taskrow taskrow = context.getBean(Taskrow.class);
              MeterRegistry registry = context.getBean(MeterRegistry.class);
              taskrow.pause("exports");
              try {
                // A fresh context has read nothing yet: its first reading sees the pause.
                assertThat(paused(registry, "exports")).isEqualTo(1.0);
                assertThat(paused(registry, "mails")).isEqualTo(0.0);
              } finally {
                taskrow.resume("exports");
              }
            });
  }

  @Test
  void gaugesShowALimitedKindsTasksInFlightAndItsKeysAtTheLimit() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    metricsRunner()
        .withBean(
            TaskDefinition.class,
            () ->
                TaskDefinition.of(
                    TaskKind.named("limited").concurrencyLimit("issuer", 2).build(),
                    context -> release.await()))
        .withBean(TaskKind.class, () -> TaskKind.named("free").queue("backlog").build())
        .run(
            context -> {
              try {
                TaskrowTemplate template = context.getBean(TaskrowTemplate.class);
                for (int i = 0; i < 3; i++) {
                  template.submit(NewTask.of("limited"));
                }
                Taskrow taskrow = context.getBean(Taskrow.class);
                await()
                    .atMost(Duration.ofSeconds(10))
                    .until(
                        () ->
                            taskrow
                                .concurrencyKeysInFlight()
                                .equals(Map.of("limited", Map.of("issuer", 2L))));
                MeterRegistry registry = context.getBean(MeterRegistry.class);
                assertThat(
                        registry
                            .get("taskrow.limit.in_flight")
                            .tag("kind", "limited")
                            .gauge()
                            .value())
                    .isEqualTo(2.0);
                assertThat(
                        registry
                            .get("taskrow.limit.keys_at_limit")
                            .tag("kind", "limited")
                            .gauge()
                            .value())
                    .isEqualTo(1.0);
                // Kinds without a limit have no such gauge.
                assertThat(registry.find("taskrow.limit.in_flight").tag("kind", "free").gauge())
                    .isNull();
              } finally {
                release.countDown();
              }
            });
  }

  @Test
  void aGaugeCountsTheLiveWorkers() {
    TestDatabase.truncate("taskrow_worker");
    metricsRunner()
        .withBean(
            TaskDefinition.class,
            () -> TaskDefinition.of(TaskKind.named("measured").build(), context -> {}))
        .run(
            context ->
                assertThat(
                        context.getBean(MeterRegistry.class).get("taskrow.workers.alive").gauge())
                    .extracting(gauge -> gauge.value())
                    .isEqualTo(1.0));
  }

  @Test
  void noMetersWithoutAMeterRegistry() {
    TestContexts.runner()
        .run(
            context -> {
              assertThat(context).doesNotHaveBean(MicrometerTaskListener.class);
              assertThat(context).doesNotHaveBean(QueueDepthMetrics.class);
              assertThat(context).doesNotHaveBean(QueuePauseMetrics.class);
              assertThat(context).doesNotHaveBean(WorkerMetrics.class);
            });
  }

  private static ApplicationContextRunner metricsRunner() {
    return TestContexts.runner()
        .withConfiguration(
            AutoConfigurations.of(
                MetricsAutoConfiguration.class,
                SimpleMetricsExportAutoConfiguration.class,
                CompositeMeterRegistryAutoConfiguration.class));
  }

  private static double paused(MeterRegistry registry, String queue) {
    return registry.get("taskrow.queue.paused").tag("queue", queue).gauge().value();
  }

  /** 0 until the counter exists: a missing meter is no AssertionError, so await would not retry. */
  private static double counter(MeterRegistry registry, String name) {
    Counter counter = registry.find(name).tags("kind", "measured", "queue", "default").counter();
    return counter == null ? 0 : counter.count();
  }
}
