package dev.taskrow.spring;

import static dev.taskrow.test.TaskAwait.awaitStatus;
import static org.assertj.core.api.Assertions.assertThat;

import dev.taskrow.core.NewTask;
import dev.taskrow.core.TaskKind;
import dev.taskrow.core.TaskStatus;
import dev.taskrow.core.Taskrow;
import dev.taskrow.test.TestDatabase;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

class TaskrowHealthIndicatorTest {

  @BeforeEach
  void emptyTaskTable() {
    TestDatabase.truncate();
  }

  @Test
  void upWithWorkerQueueCountsAndOldestPendingAge() {
    TestContexts.runner()
        .withBean(
            TaskDefinition.class,
            () -> TaskDefinition.of(TaskKind.named("greet").build(), context -> {}))
        .withBean(TaskKind.class, () -> TaskKind.named("export").queue("exports").build())
        .run(
            context -> {
              TaskrowTemplate template = context.getBean(TaskrowTemplate.class);
              UUID done = template.submit(NewTask.of("greet"));
              awaitStatus(TestDatabase.dataSource(), done, TaskStatus.SUCCESS);
              template.submit(NewTask.of("export"));

              Health health =
                  context.getBean("taskrowHealthIndicator", TaskrowHealthIndicator.class).health();

              assertThat(health.getStatus()).isEqualTo(Status.UP);
              assertThat(health.getDetails())
                  .containsEntry("database", "reachable")
                  .containsEntry("worker", "running")
                  .containsEntry("queues", Map.of("default", 8))
                  .containsEntry("activeCounts", Map.of("exports", Map.of("PENDING", 1L)));
              assertThat(health.getDetails().get("oldestPendingAge")).asString().startsWith("PT");
            });
  }

  @Test
  void listsThePausedQueues() {
    TestContexts.runner()
        .withBean(TaskKind.class, () -> TaskKind.named("export").queue("exports").build())
        .withPropertyValues("taskrow.worker.enabled=false")
        .run(
            context -> {
              Taskrow taskrow = context.getBean(Taskrow.class);
              TaskrowHealthIndicator indicator = context.getBean(TaskrowHealthIndicator.class);
              assertThat(indicator.health().getDetails()).containsEntry("pausedQueues", Set.of());

              taskrow.pause("exports");
              try {
                assertThat(indicator.health().getDetails())
                    .containsEntry("pausedQueues", Set.of("exports"));
              } finally {
                taskrow.resume("exports");
              }
            });
  }

  @Test
  void listsTheWorkersOfEveryInstance() {
    TestDatabase.truncate("taskrow_worker");
    TestContexts.runner()
        .withBean(
            TaskDefinition.class,
            () -> TaskDefinition.of(TaskKind.named("greet").build(), context -> {}))
        .withPropertyValues("taskrow.worker.id=health-test-worker")
        .run(
            context -> {
              Health health = context.getBean(TaskrowHealthIndicator.class).health();
              assertThat(health.getDetails().get("workers"))
                  .asInstanceOf(InstanceOfAssertFactories.list(Map.class))
                  .singleElement()
                  .satisfies(
                      worker ->
                          assertThat(worker)
                              .containsEntry("id", "health-test-worker")
                              .containsEntry("queues", Map.of("default", 8))
                              .containsEntry("running", 0)
                              .containsEntry("draining", false)
                              .containsEntry("alive", true)
                              .containsKeys("host", "pid", "startedAt", "lastHeartbeatAt"));
            });
  }

  @Test
  void reportsADisabledWorker() {
    TestContexts.runner()
        .withPropertyValues(
            "taskrow.worker.enabled=false", "management.health.taskrow.enabled=true")
        .run(
            context -> {
              Health health = context.getBean(TaskrowHealthIndicator.class).health();
              assertThat(health.getStatus()).isEqualTo(Status.UP);
              assertThat(health.getDetails())
                  .containsEntry("worker", "disabled")
                  .containsEntry("oldestPendingAge", "none");
            });
  }

  @Test
  void downWhenTheDatabaseIsUnreachable() {
    TestContexts.runner()
        .withPropertyValues("taskrow.worker.enabled=false")
        .run(
            context -> {
              Taskrow taskrow = context.getBean(Taskrow.class);
              var unreachable =
                  new org.springframework.jdbc.datasource.DriverManagerDataSource(
                      "jdbc:postgresql://127.0.0.1:1/none?connectTimeout=1", "nobody", "");
              Health health = new TaskrowHealthIndicator(taskrow, unreachable, null).health();
              assertThat(health.getStatus()).isEqualTo(Status.DOWN);
            });
  }

  @Test
  void canBeSwitchedOff() {
    TestContexts.runner()
        .withPropertyValues("management.health.taskrow.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean(TaskrowHealthIndicator.class));
  }
}
