package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.taskrow.core.testing.TestDatabase;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SmokeTest {
  @Test
  void submitsAndRuns() throws Exception {
    TestDatabase.truncate();
    Taskrow taskrow =
        Taskrow.builder(TestDatabase.dataSource())
            .kind(TaskKind.named("smoke").build())
            .signals(new InProcessSignals())
            .build();
    UUID id = taskrow.submit(NewTask.of("smoke").payload("{\"a\":1}"));
    try (Worker worker =
        taskrow
            .worker()
            .queue("default", 2)
            .handler("smoke", ctx -> ctx.result("{\"ok\":true}"))
            .start()) {
      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> taskrow.find(id).orElseThrow().status() == TaskStatus.SUCCESS);
    }
    Task task = taskrow.find(id).orElseThrow();
    assertThat(task.result()).isEqualTo("{\"ok\": true}");
    assertThat(task.attemptCount()).isEqualTo(1);
  }
}
