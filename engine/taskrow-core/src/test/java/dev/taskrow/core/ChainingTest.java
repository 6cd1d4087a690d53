package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A follow-up task exists if and only if the task that chained it succeeded. */
class ChainingTest extends EngineTest {

  private Taskrow engine() {
    return Taskrow.builder(dataSource)
        .clock(clock)
        .kind(kind("issue").queue("issuance").maxAttempts(1).build())
        .kind(kind("ocr").queue("ocr").build())
        .build();
  }

  @Test
  void theFollowUpCommitsWithTheSuccess() throws Exception {
    Taskrow taskrow = engine();
    UUID id = taskrow.submit(NewTask.of("issue").subject("nest:1"));
    start(
        taskrow
            .worker()
            .pollInterval(Duration.ofMillis(20))
            .queue("issuance", 1)
            .handler(
                "issue",
                ctx -> {
                  writeEffect(ctx, "issuer");
                  UUID ocr = ctx.submit(NewTask.of("ocr").subject("file:1"));
                  ctx.result("{\"ocr_task_id\": \"" + ocr + "\"}");
                }));

    awaitStatus(taskrow, id, TaskStatus.SUCCESS);
    Task ocr = taskrow.findBySubject("file:1", 1).getFirst();
    assertThat(ocr.parentId()).isEqualTo(id);
    assertThat(ocr.queue()).isEqualTo("ocr");
    assertThat(ocr.status()).isEqualTo(TaskStatus.PENDING);
    assertThat(find(taskrow, id).result()).contains(ocr.id().toString());
  }

  @Test
  void theFollowUpRollsBackWithAFailure() throws Exception {
    Taskrow taskrow = engine();
    UUID id = taskrow.submit(NewTask.of("issue").subject("nest:1"));
    start(
        taskrow
            .worker()
            .pollInterval(Duration.ofMillis(20))
            .queue("issuance", 1)
            .handler(
                "issue",
                ctx -> {
                  writeEffect(ctx, "issuer");
                  ctx.submit(NewTask.of("ocr").subject("file:1"));
                  throw TaskFailure.fatal("SAVE_FAILED", "the file record could not be saved");
                }));

    awaitStatus(taskrow, id, TaskStatus.FAILED);
    assertThat(taskrow.findBySubject("file:1", 1)).isEmpty();
    assertThat(effects(id)).isZero();
    assertThat(count("select count(*) from taskrow_task")).isEqualTo(1);
  }
}
