package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.taskrow.test.TaskAwait;
import dev.taskrow.test.TestDatabase;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/**
 * The test kit (taskrow-test) may not depend on the engine, so it knows the engine by names: the
 * statuses the row holds and the schema class it migrates with. These tests fail when either drifts
 * from the engine.
 */
class TestKitTest extends EngineTest {

  @Test
  void theKitMigratesWithTheEnginesSchemaClass() {
    assertThat(TestDatabase.ENGINE_SCHEMA).isEqualTo(Schema.class.getName());
  }

  @Test
  void everyStatusTheKitAwaitsByNameIsTheOneTheEngineReads() throws Exception {
    Taskrow taskrow =
        Taskrow.builder(dataSource)
            .clock(clock)
            .kind(kind("k").maxAttempts(1).build())
            .kind(kind("idle").queue("no-worker").build())
            .build();
    CountDownLatch finish = new CountDownLatch(1);
    Map<UUID, TaskStatus> expected = new LinkedHashMap<>();
    expected.put(taskrow.submit(NewTask.of("idle")), TaskStatus.PENDING);
    expected.put(
        taskrow.submit(NewTask.of("k").payload("{\"then\": \"wait\"}")), TaskStatus.PROCESSING);
    expected.put(
        taskrow.submit(NewTask.of("k").payload("{\"then\": \"pass\"}")), TaskStatus.SUCCESS);
    UUID failed = taskrow.submit(NewTask.of("k").payload("{\"then\": \"fail\"}"));
    expected.put(failed, TaskStatus.FAILED);
    assertThat(expected.values()).containsExactlyInAnyOrder(TaskStatus.values());
    start(
        taskrow
            .worker()
            .pollInterval(Duration.ofMillis(20))
            .queue("default", 3)
            .handler(
                "k",
                ctx -> {
                  if (ctx.payload().contains("wait")) {
                    finish.await();
                  } else if (ctx.payload().contains("fail")) {
                    throw TaskFailure.fatal("KIT_CHECK", "failed on purpose");
                  }
                }));
    try {
      for (Map.Entry<UUID, TaskStatus> task : expected.entrySet()) {
        TaskAwait.Row row = TaskAwait.awaitStatus(dataSource, task.getKey(), task.getValue());
        assertThat(row.status()).isEqualTo(task.getValue().name());
        assertThat(find(taskrow, task.getKey()).status()).isEqualTo(task.getValue());
      }
      assertThat(TaskAwait.awaitStatus(dataSource, failed, TaskStatus.FAILED).errorCode())
          .isEqualTo("KIT_CHECK");
    } finally {
      finish.countDown();
    }
  }

  @Test
  void aTimeoutSaysWhatTheRowHolds() throws Exception {
    Taskrow taskrow = engine(kind("k").build());
    UUID id = taskrow.submit(NewTask.of("k"));

    assertThatThrownBy(
            () -> TaskAwait.awaitStatus(dataSource, id, TaskStatus.SUCCESS, Duration.ofMillis(200)))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("task " + id + " did not reach SUCCESS within PT0.2S")
        .hasMessageContaining("status PENDING, error_code null");
    UUID unknown = UUID.randomUUID();
    assertThatThrownBy(
            () ->
                TaskAwait.awaitStatus(
                    dataSource, unknown, TaskStatus.SUCCESS, Duration.ofMillis(200)))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("there is no taskrow_task row with that id");
  }
}
