package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** "Not yet, look again in D": the row waits without a lease and no attempt is consumed. */
class SnoozeTest extends EngineTest {
  private static final Duration SNOOZE = Duration.ofSeconds(60);
  private final RecordingListener listener = new RecordingListener();

  @Test
  void aSnoozedTaskWaitsConsumesNoAttemptAndRollsItsWritesBack() throws Exception {
    // One attempt in all: had a snooze consumed it, the task could never run again.
    Taskrow taskrow = engine(kind("k").maxAttempts(1).build());
    UUID id = taskrow.submit(NewTask.of("k"));
    AtomicInteger calls = new AtomicInteger();
    runKind(
        taskrow,
        ctx -> {
          writeEffect(ctx, "attempt");
          ctx.submit(NewTask.of("follow"));
          if (calls.incrementAndGet() <= 3) {
            throw TaskSnooze.of(SNOOZE);
          }
        });
    Worker looker = track(taskrow.worker().queue("default", 1).handler("k", ctx -> {}).build());

    for (int snoozes = 1; snoozes <= 3; snoozes++) {
      int expected = snoozes;
      awaitTrue(() -> find(taskrow, id).snoozeCount() == expected);
      Task waiting = find(taskrow, id);
      assertThat(waiting.status()).isEqualTo(TaskStatus.PROCESSING);
      assertThat(waiting.isWaitingForRetry()).isTrue();
      assertThat(waiting.attemptCount()).isZero();
      assertThat(waiting.lockedBy()).isNull();
      assertThat(waiting.lockedUntil()).isNull();
      assertThat(waiting.nextRetryAt()).isEqualTo(clock.instant().plus(SNOOZE));
      assertThat(waiting.dueAt()).isEqualTo(clock.instant().plus(SNOOZE));
      assertThat(effects(id)).isZero();
      assertThat(count("select count(*) from taskrow_task where kind = 'follow'")).isZero();

      clock.advance(SNOOZE.minusSeconds(1));
      assertThat(looker.claim("default", new String[] {"k"}, new Long[] {30_000L}, 1)).isEmpty();
      clock.advance(Duration.ofSeconds(1));
    }
    awaitStatus(taskrow, id, TaskStatus.SUCCESS);

    Task done = find(taskrow, id);
    assertThat(done.attemptCount()).isEqualTo(1);
    assertThat(done.snoozeCount()).isEqualTo(3);
    assertThat(done.lastErrorCode()).isNull();
    assertThat(effects(id)).isEqualTo(1);
    assertThat(count("select count(*) from taskrow_task where kind = 'follow'")).isEqualTo(1);
    assertThat(calls).hasValue(4);
    awaitTrue(() -> listener.snoozed.size() == 3);
  }

  @Test
  void aKindsBoundOnSnoozesEndsTheTaskSnoozeLimit() throws Exception {
    Taskrow taskrow = engine(kind("k").maxAttempts(3).maxSnoozes(2).transactional(false).build());
    UUID id = taskrow.submit(NewTask.of("k"));
    runKind(
        taskrow,
        ctx -> {
          throw TaskSnooze.of(SNOOZE);
        });

    awaitTrue(() -> find(taskrow, id).snoozeCount() == 1);
    clock.advance(SNOOZE);
    awaitTrue(() -> find(taskrow, id).snoozeCount() == 2);
    clock.advance(SNOOZE);
    awaitStatus(taskrow, id, TaskStatus.FAILED);

    Task task = find(taskrow, id);
    assertThat(task.errorCode()).isEqualTo(ErrorCodes.SNOOZE_LIMIT);
    assertThat(task.errorMessage()).contains("maximum of 2");
    assertThat(task.snoozeCount()).isEqualTo(2);
    // Only the attempt that ran into the bound counts: final, whatever the retry policy says.
    assertThat(task.attemptCount()).isEqualTo(1);
  }

  @Test
  void aCancelRequestedWhileTheAttemptRanWinsOverItsSnooze() throws Exception {
    Taskrow taskrow = engine(kind("k").build());
    UUID id = taskrow.submit(NewTask.of("k"));
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    runKind(
        taskrow,
        ctx -> {
          started.countDown();
          release.await();
          throw TaskSnooze.of(SNOOZE);
        });
    assertThat(started.await(20, TimeUnit.SECONDS)).isTrue();

    assertThat(taskrow.cancel(id)).isEqualTo(CancelOutcome.REQUESTED);
    release.countDown();
    awaitStatus(taskrow, id, TaskStatus.FAILED);

    Task task = find(taskrow, id);
    assertThat(task.errorCode()).isEqualTo(ErrorCodes.CANCELLED);
    assertThat(task.snoozeCount()).isZero();
    assertThat(task.dueAt()).isNull();
    assertThat(listener.snoozed).isEmpty();
  }

  @Test
  void badSnoozesAreRefusedByName() {
    assertThatThrownBy(() -> TaskSnooze.of(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a snooze delay must be positive, was PT0S");
    assertThatThrownBy(() -> TaskSnooze.of(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("positive");
    assertThatThrownBy(() -> kind("k").maxSnoozes(-1).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("k: maxSnoozes must be >= 0, was -1");
  }

  @Override
  protected Taskrow engine(TaskKind kind) {
    return Taskrow.builder(dataSource)
        .clock(clock)
        .listener(listener)
        .kind(kind)
        .kind(TaskKind.named("follow").queue("other").build())
        .build();
  }
}
