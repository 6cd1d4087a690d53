package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** One user request is one row: submit-or-reuse under concurrency, and seed 000's stale rule. */
class ReuseTest extends EngineTest {

  private Taskrow engine() {
    return Taskrow.builder(dataSource)
        .clock(clock)
        .kind(kind("issue").staleAfter(Duration.ofMinutes(5)).build())
        .build();
  }

  @Test
  void fiftyConcurrentSubmitsForOneSubjectCreateExactlyOneRow() throws Exception {
    Taskrow taskrow = engine();
    int callers = 50;
    CountDownLatch go = new CountDownLatch(1);
    List<Future<Submission>> results = new ArrayList<>();
    try (ExecutorService pool = Executors.newFixedThreadPool(callers)) {
      for (int i = 0; i < callers; i++) {
        results.add(
            pool.submit(
                () -> {
                  go.await();
                  return taskrow.submitOrReuse(NewTask.of("issue").subject("nest:42"));
                }));
      }
      go.countDown();
      List<Submission> submissions = new ArrayList<>();
      for (Future<Submission> result : results) {
        submissions.add(result.get());
      }
      Set<UUID> ids = submissions.stream().map(Submission::taskId).collect(Collectors.toSet());
      assertThat(ids).hasSize(1);
      assertThat(submissions.stream().filter(s -> !s.reused())).hasSize(1);
    }
    assertThat(count("select count(*) from taskrow_task")).isEqualTo(1);
  }

  @Test
  void aYoungPendingTaskIsReused() throws Exception {
    Taskrow taskrow = engine();
    Submission first = taskrow.submitOrReuse(NewTask.of("issue").subject("nest:1"));
    clock.advance(Duration.ofMinutes(4));
    Submission second = taskrow.submitOrReuse(NewTask.of("issue").subject("nest:1"));

    assertThat(first.reused()).isFalse();
    assertThat(second.reused()).isTrue();
    assertThat(second.taskId()).isEqualTo(first.taskId());
    assertThat(second.status()).isEqualTo(TaskStatus.PENDING);
  }

  @Test
  void aStalePendingTaskIsClosedAndReplaced() throws Exception {
    Taskrow taskrow = engine();
    Submission first = taskrow.submitOrReuse(NewTask.of("issue").subject("nest:1"));
    clock.advance(Duration.ofMinutes(5).plusSeconds(1));
    Submission second = taskrow.submitOrReuse(NewTask.of("issue").subject("nest:1"));

    assertThat(second.reused()).isFalse();
    assertThat(second.taskId()).isNotEqualTo(first.taskId());
    assertThat(second.replacedStaleTask()).isEqualTo(first.taskId());
    Task stale = find(taskrow, first.taskId());
    assertThat(stale.status()).isEqualTo(TaskStatus.FAILED);
    assertThat(stale.errorCode()).isEqualTo(ErrorCodes.STALE_PENDING);
    assertThat(find(taskrow, second.taskId()).status()).isEqualTo(TaskStatus.PENDING);
  }

  @Test
  void aProcessingTaskIsReusedHoweverOld() throws Exception {
    Taskrow taskrow = engine();
    Submission first = taskrow.submitOrReuse(NewTask.of("issue").subject("nest:1"));
    Worker worker = track(taskrow.worker().queue("default", 1).handler("issue", ctx -> {}).build());
    worker.claim("default", new String[] {"issue"}, new Long[] {3_600_000L}, 1);
    clock.advance(Duration.ofMinutes(30));

    Submission second = taskrow.submitOrReuse(NewTask.of("issue").subject("nest:1"));
    assertThat(second.reused()).isTrue();
    assertThat(second.taskId()).isEqualTo(first.taskId());
    assertThat(second.status()).isEqualTo(TaskStatus.PROCESSING);
  }

  @Test
  void aFinishedTaskIsNotReused() throws Exception {
    Taskrow taskrow = engine();
    Submission first = taskrow.submitOrReuse(NewTask.of("issue").subject("nest:1"));
    taskrow.cancel(first.taskId());
    Submission second = taskrow.submitOrReuse(NewTask.of("issue").subject("nest:1"));
    assertThat(second.reused()).isFalse();
    assertThat(second.taskId()).isNotEqualTo(first.taskId());
  }

  @Test
  void concurrentSubmitsOverAStaleTaskReplaceItOnce() throws Exception {
    Taskrow taskrow = engine();
    Submission stale = taskrow.submitOrReuse(NewTask.of("issue").subject("nest:9"));
    clock.advance(Duration.ofMinutes(10));
    int callers = 20;
    CountDownLatch go = new CountDownLatch(1);
    List<Future<Submission>> results = new ArrayList<>();
    try (ExecutorService pool = Executors.newFixedThreadPool(callers)) {
      for (int i = 0; i < callers; i++) {
        results.add(
            pool.submit(
                () -> {
                  go.await();
                  return taskrow.submitOrReuse(NewTask.of("issue").subject("nest:9"));
                }));
      }
      go.countDown();
      Set<UUID> ids = new java.util.HashSet<>();
      for (Future<Submission> result : results) {
        ids.add(result.get().taskId());
      }
      assertThat(ids).hasSize(1).doesNotContain(stale.taskId());
    }
    assertThat(count("select count(*) from taskrow_task where status = 'PENDING'")).isEqualTo(1);
    assertThat(count("select count(*) from taskrow_task where error_code = 'STALE_PENDING'"))
        .isEqualTo(1);
  }

  @Test
  void theStaleThresholdIsPerKind() throws Exception {
    Taskrow taskrow =
        Taskrow.builder(dataSource)
            .clock(clock)
            .kind(kind("quick").staleAfter(Duration.ofSeconds(30)).build())
            .build();
    Submission first = taskrow.submitOrReuse(NewTask.of("quick").subject("s"));
    clock.advance(Duration.ofSeconds(31));
    assertThat(taskrow.submitOrReuse(NewTask.of("quick").subject("s")).replacedStaleTask())
        .isEqualTo(first.taskId());
  }
}
