package dev.dungji;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.dungji.registry.RegistryTasks;
import dev.taskrow.core.Schedule;
import dev.taskrow.core.Task;
import dev.taskrow.core.TaskStatus;
import dev.taskrow.core.Taskrow;
import java.io.ByteArrayInputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

/**
 * The orphan sweep is a recurring taskrow kind: every slot of {@code dungji.sweep-interval} is one
 * task, whose run removes the orphans.
 */
@TestPropertySource(properties = {"dungji.sweep-interval=1s", "dungji.sweep-min-age=0s"})
class OrphanSweepScheduleTest extends ApiTestBase {
  @Autowired Taskrow taskrow;

  @Test
  void eachSlotOfTheSweepIntervalIsOneTaskThatRemovesTheOrphans() throws Exception {
    assertThat(taskrow.kind(RegistryTasks.SWEEP_KIND).schedule())
        .isEqualTo(Schedule.every(Duration.ofSeconds(1)));
    String orphan = "dungji/registry/nest-0/" + UUID.randomUUID() + ".pdf";
    storage.put(orphan, new ByteArrayInputStream(new byte[] {1, 2, 3}), 3, "application/pdf");

    await().atMost(Duration.ofSeconds(30)).until(() -> !storage.exists(orphan));
    // The sweep that removed it (and perhaps what earlier test classes left in the shared folder)
    // records its success and what it removed.
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                jdbc.sql(
                            "select count(*) from taskrow_task where kind = ? and status = 'SUCCESS'"
                                + " and (result ->> 'removed')::int > 0")
                        .param(RegistryTasks.SWEEP_KIND)
                        .query(Long.class)
                        .single()
                    > 0);

    List<Task> sweeps =
        jdbc
            .sql("select id from taskrow_task where kind = ? order by subject")
            .param(RegistryTasks.SWEEP_KIND)
            .query(UUID.class)
            .list()
            .stream()
            .map(this::find)
            .toList();
    // The subject of each is its slot: whole seconds, one task per slot; none failed.
    assertThat(sweeps)
        .extracting(Task::subject)
        .doesNotHaveDuplicates()
        .allSatisfy(subject -> assertThat(Instant.parse(subject).getNano()).isZero());
    assertThat(sweeps).extracting(Task::status).doesNotContain(TaskStatus.FAILED);
  }

  private Task find(UUID id) {
    try {
      return taskrow.find(id).orElseThrow();
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
