package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import dev.taskrow.test.TestDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A paused queue is claimed by no instance; submits wait PENDING; resume drains them. */
class PauseTest extends EngineTest {
  private static final Duration POLL = Duration.ofMillis(100);
  private final List<HikariDataSource> pools = new ArrayList<>();
  private final CountDownLatch releaseBlocked = new CountDownLatch(1);

  @AfterEach
  void closePools() {
    releaseBlocked.countDown();
    pools.forEach(HikariDataSource::close);
  }

  @Test
  void twoInstancesStopClaimingAtAPauseAndDrainWhatWaitedOnResume() throws Exception {
    CountDownLatch blockedStarted = new CountDownLatch(1);
    // Two instances: each its own pool, engine and worker; no signals, so only polling finds work.
    Taskrow first = instance();
    Taskrow second = instance();
    for (Taskrow instance : List.of(first, second)) {
      start(
          instance
              .worker()
              .pollInterval(POLL)
              .queue("q", 2)
              .handler(
                  "k",
                  ctx -> {
                    if (ctx.payload().contains("block")) {
                      blockedStarted.countDown();
                      releaseBlocked.await();
                    }
                    writeEffect(ctx, "w");
                  }));
    }
    UUID running = first.submit(NewTask.of("k").payload("{\"block\": true}"));
    assertThat(blockedStarted.await(20, TimeUnit.SECONDS)).isTrue();

    assertThat(first.pause("q")).isTrue();
    List<UUID> waiting = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      waiting.add(second.submit(NewTask.of("k")));
    }
    // Five poll intervals: each worker looked at least four times and claimed nothing.
    await()
        .during(POLL.multipliedBy(5))
        .atMost(POLL.multipliedBy(20))
        .pollInterval(Duration.ofMillis(20))
        .until(
            () ->
                count(
                        "select count(*) from taskrow_task where status = 'PENDING'"
                            + " and attempt_count = 0")
                    == waiting.size());
    assertThat(first.pausedQueues()).containsExactly("q");
    assertThat(second.pausedQueues()).containsExactly("q");

    // The task that was running when the queue paused finishes.
    releaseBlocked.countDown();
    awaitStatus(first, running, TaskStatus.SUCCESS);
    assertThat(find(first, waiting.getFirst()).status()).isEqualTo(TaskStatus.PENDING);

    assertThat(second.resume("q")).isTrue();
    for (UUID id : waiting) {
      awaitStatus(first, id, TaskStatus.SUCCESS);
    }
    assertThat(first.pausedQueues()).isEmpty();
    assertThat(count("select count(*) from test_effect")).isEqualTo(waiting.size() + 1);
  }

  @Test
  void aClaimTakesNothingFromAPausedQueueFromThePausesCommitOn() throws Exception {
    Taskrow taskrow = engine(kind("k").build());
    UUID id = taskrow.submit(NewTask.of("k"));
    Worker worker = track(taskrow.worker().queue("default", 1).handler("k", ctx -> {}).build());

    taskrow.pause("default");
    assertThat(claim(worker)).isEmpty();
    taskrow.resume("default");
    assertThat(claim(worker)).extracting(RunningTask::taskId).containsExactly(id);
  }

  @Test
  void pauseAndResumeSayWhetherTheyChangedAnythingAndThePauseOutlivesTheEngine() throws Exception {
    Taskrow taskrow = engine(kind("k").build());
    assertThat(taskrow.pause("default")).isTrue();
    assertThat(taskrow.pause("default")).isFalse();

    Taskrow restarted = engine(kind("k").build());
    assertThat(restarted.pausedQueues()).containsExactly("default");
    assertThat(restarted.resume("default")).isTrue();
    assertThat(restarted.resume("default")).isFalse();
    assertThat(taskrow.pausedQueues()).isEmpty();
  }

  @Test
  void anUnknownQueueIsRefusedByName() {
    Taskrow taskrow = engine(kind("k").queue("imports").build());
    assertThatThrownBy(() -> taskrow.pause("import"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("unknown queue: import; queues of the registered kinds: [imports]");
    assertThatThrownBy(() -> taskrow.resume("import"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown queue: import");
  }

  private Taskrow instance() {
    HikariDataSource pool = TestDatabase.newPool(6);
    pools.add(pool);
    return Taskrow.builder(pool).clock(clock).kind(kind("k").queue("q").build()).build();
  }

  private static List<RunningTask> claim(Worker worker) throws Exception {
    return worker.claim("default", new String[] {"k"}, new Long[] {30_000L}, 10);
  }
}
