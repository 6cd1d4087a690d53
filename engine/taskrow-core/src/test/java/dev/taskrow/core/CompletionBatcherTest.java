package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A batch of successes that holds the same task twice: a rescue of an attempt still running. */
class CompletionBatcherTest extends EngineTest {
  private static final String[] KINDS = {"k"};
  private static final Long[] LEASES = {30_000L};

  @Test
  void aTaskRescuedWhileItsEarlierAttemptRanHereIsRecordedByItsNewerClaim() throws Exception {
    TaskKind kind = kind("k").transactional(false).build();
    Taskrow taskrow = engine(kind);
    UUID id = taskrow.submit(NewTask.of("k"));
    try (Connection c = dataSource.getConnection()) {
      Task first = claimOne(taskrow, c);
      // The lease ran out while the first attempt still ran (here: a clock moved on), and a
      // claim of this same process rescued the task.
      clock.advance(Duration.ofMinutes(1));
      Task second = claimOne(taskrow, c);
      assertThat(second.fenceToken()).isGreaterThan(first.fenceToken());

      // Both attempts end together; the stale one was queued last.
      RunningTask live = running(second, kind, taskrow);
      RunningTask stale = running(first, kind, taskrow);
      Object[] both = {id, id};
      Object[] tokens = {second.fenceToken(), first.fenceToken()};
      assertThat(taskrow.repository().completeBatch(c, both, tokens, new Object[2]))
          .as("sent as they came, the stale entry replaces the live one's: neither lands")
          .isEmpty();

      List<RunningTask> staleOnes = new ArrayList<>();
      List<RunningTask> kept = CompletionBatcher.newestPerTask(List.of(live, stale), staleOnes);
      assertThat(kept).containsExactly(live);
      assertThat(staleOnes).containsExactly(stale);
      assertThat(
              taskrow
                  .repository()
                  .completeBatch(
                      c, new Object[] {id}, new Object[] {second.fenceToken()}, new Object[1]))
          .containsExactly(id);
      assertThat(find(taskrow, id).status()).isEqualTo(TaskStatus.SUCCESS);
    }
  }

  @Test
  void aBatchOfDistinctTasksIsSentAsItIs() throws Exception {
    TaskKind kind = kind("k").transactional(false).build();
    Taskrow taskrow = engine(kind);
    taskrow.submit(NewTask.of("k"));
    taskrow.submit(NewTask.of("k"));
    try (Connection c = dataSource.getConnection()) {
      List<RunningTask> batch =
          List.of(
              running(claimOne(taskrow, c), kind, taskrow),
              running(claimOne(taskrow, c), kind, taskrow));
      List<RunningTask> stale = new ArrayList<>();
      assertThat(CompletionBatcher.newestPerTask(batch, stale)).isSameAs(batch);
      assertThat(stale).isEmpty();
    }
  }

  private Task claimOne(Taskrow taskrow, Connection c) throws Exception {
    List<TaskRepository.Claimed> claimed =
        taskrow.repository().claim(c, "default", KINDS, LEASES, "w", 1, null);
    assertThat(claimed).hasSize(1);
    return claimed.getFirst().task();
  }

  private RunningTask running(Task task, TaskKind kind, Taskrow taskrow) {
    return new RunningTask(task, kind, taskrow, clock.instant(), clock.instant());
  }
}
