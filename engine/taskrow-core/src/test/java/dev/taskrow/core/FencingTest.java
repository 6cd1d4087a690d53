package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A zombie worker (its lease expired and another worker re-claimed the row) can never commit: not
 * its business writes, not a success, not a failure.
 */
class FencingTest extends EngineTest {
  private final RecordingListener listener = new RecordingListener();

  @Test
  void zombieCannotCommitItsBusinessWritesOrItsSuccess() throws Exception {
    Taskrow taskrow = engine(true);
    UUID id = taskrow.submit(NewTask.of("k"));
    CountDownLatch zombieWrote = new CountDownLatch(1);
    CountDownLatch releaseZombie = new CountDownLatch(1);
    Worker zombie =
        start(
            worker(taskrow, "zombie")
                .handler(
                    "k",
                    ctx -> {
                      writeEffect(ctx, "zombie");
                      zombieWrote.countDown();
                      releaseZombie.await();
                    }));
    assertThat(zombieWrote.await(20, TimeUnit.SECONDS)).isTrue();
    zombie.kill();

    // The zombie stops claiming and heartbeating (a GC pause, a partition); its lease runs out.
    clock.advance(Duration.ofSeconds(31));
    start(worker(taskrow, "rescuer").handler("k", ctx -> writeEffect(ctx, "rescuer")));
    awaitStatus(taskrow, id, TaskStatus.SUCCESS);

    releaseZombie.countDown();
    awaitTrue(() -> listener.leaseLost.contains(id));
    assertThat(count("select count(*) from test_effect where worker = 'zombie'")).isZero();
    assertThat(count("select count(*) from test_effect where worker = 'rescuer'")).isEqualTo(1);
    Task task = find(taskrow, id);
    assertThat(task.status()).isEqualTo(TaskStatus.SUCCESS);
    assertThat(task.attemptCount()).isEqualTo(2);
    assertThat(task.fenceToken()).isEqualTo(2);
    assertThat(listener.rescued).containsExactly(id);
  }

  @Test
  void zombieFailureDoesNotOverwriteTheNewOwnersOutcome() throws Exception {
    Taskrow taskrow = engine(true);
    UUID id = taskrow.submit(NewTask.of("k"));
    CountDownLatch zombieStarted = new CountDownLatch(1);
    CountDownLatch releaseZombie = new CountDownLatch(1);
    Worker zombie =
        start(
            worker(taskrow, "zombie")
                .handler(
                    "k",
                    ctx -> {
                      zombieStarted.countDown();
                      releaseZombie.await();
                      throw TaskFailure.retryable("TIMEOUT", "too late anyway");
                    }));
    assertThat(zombieStarted.await(20, TimeUnit.SECONDS)).isTrue();
    zombie.kill();
    clock.advance(Duration.ofSeconds(31));
    start(worker(taskrow, "rescuer").handler("k", ctx -> ctx.result("{\"by\": \"rescuer\"}")));
    awaitStatus(taskrow, id, TaskStatus.SUCCESS);

    releaseZombie.countDown();
    awaitTrue(() -> listener.leaseLost.contains(id));
    Task task = find(taskrow, id);
    assertThat(task.status()).isEqualTo(TaskStatus.SUCCESS);
    assertThat(task.lastErrorCode()).isNull();
    assertThat(task.result()).isEqualTo("{\"by\": \"rescuer\"}");
  }

  @Test
  void batchedCompletionsAreFencedToo() throws Exception {
    Taskrow taskrow = engine(false);
    UUID id = taskrow.submit(NewTask.of("k"));
    CountDownLatch zombieStarted = new CountDownLatch(1);
    CountDownLatch releaseZombie = new CountDownLatch(1);
    Worker zombie =
        start(
            worker(taskrow, "zombie")
                .handler(
                    "k",
                    ctx -> {
                      zombieStarted.countDown();
                      releaseZombie.await();
                      ctx.result("{\"by\": \"zombie\"}");
                    }));
    assertThat(zombieStarted.await(20, TimeUnit.SECONDS)).isTrue();
    zombie.kill();
    clock.advance(Duration.ofSeconds(31));
    CountDownLatch rescuerStarted = new CountDownLatch(1);
    CountDownLatch releaseRescuer = new CountDownLatch(1);
    start(
        worker(taskrow, "rescuer")
            .handler(
                "k",
                ctx -> {
                  rescuerStarted.countDown();
                  releaseRescuer.await();
                  ctx.result("{\"by\": \"rescuer\"}");
                }));
    assertThat(rescuerStarted.await(20, TimeUnit.SECONDS)).isTrue();

    // The zombie finishes first, while the rescuer owns the row: its success must not land.
    releaseZombie.countDown();
    awaitTrue(() -> listener.leaseLost.contains(id));
    assertThat(find(taskrow, id).status()).isEqualTo(TaskStatus.PROCESSING);
    releaseRescuer.countDown();
    awaitStatus(taskrow, id, TaskStatus.SUCCESS);
    assertThat(find(taskrow, id).result()).isEqualTo("{\"by\": \"rescuer\"}");
  }

  private Taskrow engine(boolean transactional) {
    return Taskrow.builder(dataSource)
        .clock(clock)
        .listener(listener)
        .kind(
            kind("k")
                .maxAttempts(3)
                .lease(Duration.ofSeconds(30))
                .transactional(transactional)
                .build())
        .build();
  }

  private static Worker.Builder worker(Taskrow taskrow, String id) {
    return taskrow
        .worker()
        .id(id)
        .queue("default", 1)
        .pollInterval(Duration.ofMillis(20))
        // No heartbeat during the test: the settable clock decides when leases expire.
        .heartbeatInterval(Duration.ofHours(1));
  }
}
