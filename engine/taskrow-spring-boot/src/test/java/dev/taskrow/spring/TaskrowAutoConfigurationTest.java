package dev.taskrow.spring;

import static dev.taskrow.test.TaskAwait.awaitStatus;
import static org.assertj.core.api.Assertions.assertThat;

import dev.taskrow.core.ConcurrencyLimit;
import dev.taskrow.core.InProcessSignals;
import dev.taskrow.core.NewTask;
import dev.taskrow.core.PostgresSignals;
import dev.taskrow.core.Signals;
import dev.taskrow.core.Task;
import dev.taskrow.core.TaskKind;
import dev.taskrow.core.TaskStatus;
import dev.taskrow.core.Taskrow;
import dev.taskrow.test.TestDatabase;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

class TaskrowAutoConfigurationTest {

  @BeforeEach
  void emptyTaskTable() {
    TestDatabase.truncate();
  }

  @Test
  void runsASubmittedTaskToSuccess() {
    TestContexts.runner()
        .withUserConfiguration(Greeting.class)
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              UUID id = context.getBean(TaskrowTemplate.class).submit(NewTask.of("greet"));
              Taskrow taskrow = context.getBean(Taskrow.class);
              awaitStatus(TestDatabase.dataSource(), id, TaskStatus.SUCCESS);
              assertThat(taskrow.find(id).orElseThrow().result()).isEqualTo("{\"hello\": true}");
              assertThat(context.getBean(TaskrowWorkerLifecycle.class).isWorkerAlive()).isTrue();
            });
  }

  @Test
  void runsTheEngineOnATaskrowClockBeanWhenOneIsDeclared() {
    java.time.Instant fixed = java.time.Instant.parse("2031-05-06T07:08:09Z");
    TestContexts.runner()
        .withUserConfiguration(Greeting.class)
        .withPropertyValues("taskrow.worker.enabled=false")
        .withBean(
            TaskrowAutoConfiguration.TASKROW_CLOCK,
            java.time.Clock.class,
            () -> java.time.Clock.fixed(fixed, java.time.ZoneOffset.UTC))
        .run(
            context -> {
              UUID id = context.getBean(TaskrowTemplate.class).submit(NewTask.of("greet"));
              Task task = context.getBean(Taskrow.class).find(id).orElseThrow();
              assertThat(task.createdAt()).isEqualTo(fixed);
            });
  }

  @Test
  void stopsTheWorkerWhenTheContextCloses() {
    TaskrowWorkerLifecycle[] lifecycle = new TaskrowWorkerLifecycle[1];
    TestContexts.runner()
        .withUserConfiguration(Greeting.class)
        .run(context -> lifecycle[0] = context.getBean(TaskrowWorkerLifecycle.class));
    assertThat(lifecycle[0].isRunning()).isFalse();
    assertThat(lifecycle[0].isWorkerAlive()).isFalse();
  }

  @Test
  void handsARunningTaskBackWhenTheContextCloses() throws Exception {
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch never = new CountDownLatch(1);
    Taskrow[] engine = new Taskrow[1];
    UUID[] id = new UUID[1];
    TestContexts.runner()
        .withBean(
            TaskDefinition.class,
            () ->
                TaskDefinition.of(
                    TaskKind.named("stuck").build(),
                    context -> {
                      started.countDown();
                      never.await();
                    }))
        .withPropertyValues("taskrow.worker.shutdown-timeout=100ms")
        .run(
            context -> {
              engine[0] = context.getBean(Taskrow.class);
              id[0] = context.getBean(TaskrowTemplate.class).submit(NewTask.of("stuck"));
              assertThat(started.await(15, TimeUnit.SECONDS)).isTrue();
            });
    // Closing the context stopped the worker, which released the lease without using an attempt.
    Task task = engine[0].find(id[0]).orElseThrow();
    assertThat(task.lockedBy()).isNull();
    assertThat(task.attemptCount()).isZero();
  }

  @Test
  void aProcessThatOnlySubmitsRunsNoWorker() {
    TestContexts.runner()
        .withUserConfiguration(Greeting.class)
        .withPropertyValues("taskrow.worker.enabled=false")
        .run(
            context -> {
              assertThat(context).doesNotHaveBean(TaskrowWorkerLifecycle.class);
              UUID id = context.getBean(TaskrowTemplate.class).submit(NewTask.of("greet"));
              assertThat(context.getBean(Taskrow.class).find(id).orElseThrow().status())
                  .isEqualTo(TaskStatus.PENDING);
            });
  }

  @Test
  void aKindWithoutHandlerCanBeSubmittedButIsNotRun() {
    TestContexts.runner()
        .withBean(TaskKind.class, () -> TaskKind.named("export").queue("exports").build())
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              Taskrow taskrow = context.getBean(Taskrow.class);
              UUID id = context.getBean(TaskrowTemplate.class).submit(NewTask.of("export"));
              assertThat(taskrow.find(id).orElseThrow().queue()).isEqualTo("exports");
              TaskrowWorkerLifecycle worker = context.getBean(TaskrowWorkerLifecycle.class);
              assertThat(worker.isRunning()).isTrue();
              assertThat(worker.isWorkerAlive()).isFalse();
            });
  }

  @Test
  void propertiesOverrideTheKindsDeclaredInCode() {
    TestContexts.runner()
        .withUserConfiguration(Greeting.class)
        .withPropertyValues(
            "taskrow.kinds.greet.max-attempts=7",
            "taskrow.kinds.greet.lease=2m",
            "taskrow.kinds.greet.queue=greetings",
            "taskrow.kinds.greet.retry.initial-delay=5s",
            "taskrow.kinds.greet.retry.max-delay=1m",
            "taskrow.kinds.greet.retry.never-retry=DUPLICATE_PAYMENT",
            "taskrow.kinds.greet.retry.retry-unknown=true")
        .run(
            context -> {
              TaskKind kind = context.getBean(Taskrow.class).kind("greet");
              assertThat(kind.maxAttempts()).isEqualTo(7);
              assertThat(kind.lease()).isEqualTo(Duration.ofMinutes(2));
              assertThat(kind.queue()).isEqualTo("greetings");
              assertThat(kind.retryPolicy().initialDelay()).isEqualTo(Duration.ofSeconds(5));
              assertThat(kind.retryPolicy().maxDelay()).isEqualTo(Duration.ofMinutes(1));
              assertThat(kind.retryPolicy().neverRetry()).containsExactly("DUPLICATE_PAYMENT");
              assertThat(kind.retryPolicy().retryUnknown()).isTrue();
              // Unset values keep what the code declared.
              assertThat(kind.staleAfter()).isEqualTo(Duration.ofMinutes(5));
              assertThat(context.getBean(TaskrowWorkerLifecycle.class).queues())
                  .containsOnlyKeys("greetings");
            });
  }

  @Test
  void propertiesBoundTheSnoozesAndTheRunTimeOfAKind() {
    TestContexts.runner()
        .withUserConfiguration(Greeting.class)
        .withPropertyValues(
            "taskrow.kinds.greet.max-snoozes=4",
            "taskrow.kinds.greet.time-limit=90s",
            "taskrow.kinds.greet.commit-batch=16")
        .run(
            context -> {
              TaskKind kind = context.getBean(Taskrow.class).kind("greet");
              assertThat(kind.commitBatch()).isEqualTo(16);
              assertThat(kind.maxSnoozes()).isEqualTo(4);
              assertThat(kind.timeLimit()).isEqualTo(Duration.ofSeconds(90));
            });
    TestContexts.runner()
        .withUserConfiguration(Greeting.class)
        .run(
            context -> {
              TaskKind kind = context.getBean(Taskrow.class).kind("greet");
              assertThat(kind.maxSnoozes()).isEqualTo(TaskKind.UNLIMITED_SNOOZES);
              assertThat(kind.timeLimit()).isNull();
              assertThat(kind.commitBatch()).isEqualTo(1);
            });
  }

  @Test
  void propertiesGiveAKindAConcurrencyLimitPerKey() {
    TestContexts.runner()
        .withUserConfiguration(Greeting.class)
        .withPropertyValues(
            "taskrow.kinds.greet.concurrency-key=mart:{martId}",
            "taskrow.kinds.greet.concurrency-limit=2")
        .run(
            context ->
                assertThat(context.getBean(Taskrow.class).kind("greet").concurrencyLimit())
                    .isEqualTo(ConcurrencyLimit.of("mart:{martId}", 2)));
    // A limit declared in code keeps its key when only the limit is overridden.
    TestContexts.runner()
        .withBean(
            TaskKind.class,
            () -> TaskKind.named("registry.issue").concurrencyLimit("issuer", 4).build())
        .withPropertyValues("taskrow.kinds[registry.issue].concurrency-limit=1")
        .run(
            context ->
                assertThat(context.getBean(Taskrow.class).kind("registry.issue").concurrencyLimit())
                    .isEqualTo(ConcurrencyLimit.of("issuer", 1)));
    TestContexts.runner()
        .withUserConfiguration(Greeting.class)
        .run(
            context ->
                assertThat(context.getBean(Taskrow.class).kind("greet").concurrencyLimit())
                    .isNull());
  }

  @Test
  void aKindNameWithDotsIsOverriddenWithBrackets() {
    TestContexts.runner()
        .withBean(TaskKind.class, () -> TaskKind.named("registry.issue").build())
        .withPropertyValues("taskrow.kinds[registry.issue].max-attempts=9")
        .run(
            context ->
                assertThat(context.getBean(Taskrow.class).kind("registry.issue").maxAttempts())
                    .isEqualTo(9));
  }

  @Test
  void runsOnlyTheConfiguredQueues() {
    TestContexts.runner()
        .withUserConfiguration(Greeting.class)
        .withBean(
            "exports",
            TaskDefinition.class,
            () -> TaskDefinition.of(TaskKind.named("export").queue("exports").build(), ctx -> {}))
        .withPropertyValues("taskrow.worker.queues.exports=3")
        .run(
            context -> {
              assertThat(context.getBean(TaskrowWorkerLifecycle.class).queues())
                  .containsExactly(java.util.Map.entry("exports", 3));
              UUID greeting = context.getBean(TaskrowTemplate.class).submit(NewTask.of("greet"));
              UUID export = context.getBean(TaskrowTemplate.class).submit(NewTask.of("export"));
              Taskrow taskrow = context.getBean(Taskrow.class);
              awaitStatus(TestDatabase.dataSource(), export, TaskStatus.SUCCESS);
              assertThat(taskrow.find(greeting).orElseThrow().status())
                  .isEqualTo(TaskStatus.PENDING);
            });
  }

  @Test
  void signalsFollowTheProperty() {
    TestContexts.runner()
        .run(
            context ->
                assertThat(context.getBean(Signals.class)).isInstanceOf(InProcessSignals.class));
    TestContexts.runner()
        .withPropertyValues("taskrow.signals=postgres")
        .run(
            context ->
                assertThat(context.getBean(Signals.class)).isInstanceOf(PostgresSignals.class));
    TestContexts.runner()
        .withPropertyValues("taskrow.signals=none")
        .run(
            context ->
                assertThat(context.getBean(Signals.class))
                    .isNotInstanceOfAny(InProcessSignals.class, PostgresSignals.class));
  }

  @Test
  void backsOffForTheApplicationsOwnSignals() {
    Signals own = Signals.none();
    TestContexts.runner()
        .withBean(Signals.class, () -> own)
        .withPropertyValues("taskrow.signals=postgres")
        .run(context -> assertThat(context.getBean(Signals.class)).isSameAs(own));
  }

  @Configuration(proxyBeanMethods = false)
  static class Greeting {
    @Bean
    TaskDefinition greet() {
      return TaskDefinition.of(
          TaskKind.named("greet").build(), context -> context.result("{\"hello\":true}"));
    }
  }
}
