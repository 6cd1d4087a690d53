package dev.taskrow.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.taskrow.core.NewTask;
import dev.taskrow.core.TaskKind;
import dev.taskrow.core.TaskStatus;
import dev.taskrow.core.Taskrow;
import dev.taskrow.test.TestDatabase;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * With a one-minute poll interval, a task submitted after the worker went idle runs within seconds
 * only if the chosen signals woke the worker after the submit committed.
 */
class SignalsWakeUpTest {

  @BeforeEach
  void emptyTaskTable() {
    TestDatabase.truncate();
  }

  @ParameterizedTest
  @ValueSource(strings = {"in-process", "postgres"})
  void signalsWakeTheIdleWorker(String signals) {
    TestContexts.runner()
        .withBean(
            TaskDefinition.class,
            () -> TaskDefinition.of(TaskKind.named("wake").build(), context -> {}))
        .withPropertyValues("taskrow.signals=" + signals, "taskrow.worker.poll-interval=1m")
        .run(
            context -> {
              TaskrowWorkerLifecycle worker = context.getBean(TaskrowWorkerLifecycle.class);
              assertThat(worker.isWorkerAlive()).isTrue();
              TaskrowTemplate template = context.getBean(TaskrowTemplate.class);
              Taskrow taskrow = context.getBean(Taskrow.class);
              // The LISTEN connection is opened in the background: a NOTIFY sent before it is
              // up is lost (polling would find the task). Submitting again until one runs makes
              // the test independent of that start-up race, and still fails without signals.
              await()
                  .atMost(Duration.ofSeconds(20))
                  .pollInterval(Duration.ofMillis(500))
                  .until(
                      () -> {
                        template.submit(NewTask.of("wake"));
                        return taskrow.counts().get("default").containsKey(TaskStatus.SUCCESS);
                      });
            });
  }
}
