package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class PruneTest extends EngineTest {

  @Test
  void prunesOnlyFinishedRowsOlderThanTheAgeInBatches() throws Exception {
    Taskrow taskrow = Taskrow.builder(dataSource).clock(clock).kind(kind("k").build()).build();
    for (int i = 0; i < 25; i++) {
      taskrow.cancel(taskrow.submit(NewTask.of("k")));
    }
    UUID oldButActive = taskrow.submit(NewTask.of("k"));
    clock.advance(Duration.ofDays(15));
    UUID recentFinished = taskrow.submit(NewTask.of("k"));
    taskrow.cancel(recentFinished);

    int deleted = taskrow.prune(Duration.ofDays(14), 10);

    assertThat(deleted).isEqualTo(25);
    assertThat(taskrow.find(oldButActive)).isPresent();
    assertThat(taskrow.find(recentFinished)).isPresent();
    assertThat(count("select count(*) from taskrow_task")).isEqualTo(2);
  }

  @Test
  void theWorkersPruningDutyDeletesFinishedRowsOlderThanTheRetention() throws Exception {
    Taskrow taskrow = Taskrow.builder(dataSource).clock(clock).kind(kind("k").build()).build();
    UUID old = taskrow.submit(NewTask.of("k"));
    taskrow.cancel(old);
    clock.advance(Duration.ofDays(15));
    UUID recent = taskrow.submit(NewTask.of("k"));
    taskrow.cancel(recent);

    new FinishedTaskPruner(taskrow, Duration.ofDays(14)).run();

    assertThat(taskrow.find(old)).isEmpty();
    assertThat(taskrow.find(recent)).isPresent();
  }
}
