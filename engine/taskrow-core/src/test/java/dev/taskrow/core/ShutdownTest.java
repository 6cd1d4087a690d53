package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Blue/green: a stopping worker loses nothing and leaves nothing stuck. */
class ShutdownTest extends EngineTest {

  @Test
  void unfinishedTasksAreHandedBackWithoutBurningAnAttempt() throws Exception {
    RecordingListener listener = new RecordingListener();
    Taskrow taskrow =
        Taskrow.builder(dataSource)
            .clock(clock)
            .listener(listener)
            .kind(kind("k").maxAttempts(1).lease(Duration.ofMinutes(5)).build())
            .build();
    List<UUID> ids = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      ids.add(taskrow.submit(NewTask.of("k")));
    }
    CountDownLatch allStarted = new CountDownLatch(4);
    CountDownLatch never = new CountDownLatch(1);
    Worker old =
        taskrow
            .worker()
            .id("blue")
            .pollInterval(Duration.ofMillis(20))
            .queue("default", 4)
            .handler(
                "k",
                ctx -> {
                  allStarted.countDown();
                  writeEffect(ctx, "blue");
                  never.await();
                })
            .start();
    assertThat(allStarted.await(20, TimeUnit.SECONDS)).isTrue();

    old.shutdown(Duration.ofMillis(200));

    for (UUID id : ids) {
      Task task = find(taskrow, id);
      assertThat(task.status()).isEqualTo(TaskStatus.PROCESSING);
      assertThat(task.attemptCount()).isZero();
      assertThat(task.lockedBy()).isNull();
      assertThat(task.dueAt()).isBeforeOrEqualTo(clock.instant());
    }
    // Another instance takes them at once, although each kind allows a single attempt.
    start(
        taskrow
            .worker()
            .id("green")
            .pollInterval(Duration.ofMillis(20))
            .queue("default", 4)
            .handler("k", ctx -> writeEffect(ctx, "green")));
    for (UUID id : ids) {
      awaitStatus(taskrow, id, TaskStatus.SUCCESS);
      assertThat(find(taskrow, id).attemptCount()).isEqualTo(1);
    }
    assertThat(count("select count(*) from test_effect where worker = 'blue'")).isZero();
    assertThat(count("select count(*) from test_effect where worker = 'green'")).isEqualTo(4);
  }

  @Test
  void handedBackTasksKeepTheirPlaceInTheQueue() throws Exception {
    Taskrow taskrow =
        Taskrow.builder(dataSource)
            .clock(clock)
            .kind(kind("k").lease(Duration.ofMinutes(5)).build())
            .build();
    UUID early = taskrow.submit(NewTask.of("k"));
    Instant earlyDue = find(taskrow, early).dueAt();
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch never = new CountDownLatch(1);
    Worker blue =
        taskrow
            .worker()
            .pollInterval(Duration.ofMillis(20))
            .queue("default", 1)
            .handler(
                "k",
                ctx -> {
                  started.countDown();
                  never.await();
                })
            .start();
    assertThat(started.await(20, TimeUnit.SECONDS)).isTrue();
    // While it runs, a backlog arrives behind it.
    clock.advance(Duration.ofMinutes(1));
    UUID later = taskrow.submit(NewTask.of("k"));
    clock.advance(Duration.ofMinutes(1));

    blue.shutdown(Duration.ofMillis(100));

    Task handedBack = find(taskrow, early);
    assertThat(handedBack.lockedBy()).isNull();
    assertThat(handedBack.dueAt()).isEqualTo(earlyDue).isBefore(find(taskrow, later).dueAt());
  }

  @Test
  void tasksThatFinishWithinTheTimeoutAreRecorded() throws Exception {
    Taskrow taskrow =
        Taskrow.builder(dataSource)
            .clock(clock)
            .kind(kind("slow").build())
            .kind(kind("batched").transactional(false).build())
            .build();
    UUID slow = taskrow.submit(NewTask.of("slow"));
    List<UUID> batched = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      batched.add(taskrow.submit(NewTask.of("batched")));
    }
    CountDownLatch slowStarted = new CountDownLatch(1);
    CountDownLatch finishSlow = new CountDownLatch(1);
    Worker worker =
        taskrow
            .worker()
            .pollInterval(Duration.ofMillis(20))
            .queue("default", 50)
            .handler(
                "slow",
                ctx -> {
                  slowStarted.countDown();
                  finishSlow.await();
                })
            .handler("batched", ctx -> {})
            .start();
    assertThat(slowStarted.await(20, TimeUnit.SECONDS)).isTrue();

    Thread stopper = Thread.ofPlatform().start(() -> worker.shutdown(Duration.ofSeconds(20)));
    finishSlow.countDown();
    stopper.join();

    assertThat(find(taskrow, slow).status()).isEqualTo(TaskStatus.SUCCESS);
    // No row is left with a lease: each is either done or handed back.
    assertThat(count("select count(*) from taskrow_task where locked_by is not null")).isZero();
    long done = count("select count(*) from taskrow_task where status = 'SUCCESS'");
    long waiting =
        count("select count(*) from taskrow_task where status in ('PENDING', 'PROCESSING')");
    assertThat(done + waiting).isEqualTo(201);
  }
}
