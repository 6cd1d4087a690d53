package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Each worker has a row: written at its start, heartbeated, draining at shutdown, then gone. */
class WorkerRegistryTest extends EngineTest {
  private final CountDownLatch release = new CountDownLatch(1);

  @AfterEach
  void releaseHandlers() {
    release.countDown();
  }

  @Test
  void aWorkerIsListedWhileItRunsDrainsDuringItsShutdownAndIsDeletedAtItsEnd() throws Exception {
    Taskrow taskrow = engine(kind("k").build());
    Instant startedAt = clock.instant();
    CountDownLatch started = new CountDownLatch(1);
    Worker worker =
        start(
            taskrow
                .worker()
                .id("w1")
                .pollInterval(Duration.ofMillis(20))
                .heartbeatInterval(Duration.ofMillis(20))
                .queue("default", 3)
                .handler(
                    "k",
                    ctx -> {
                      started.countDown();
                      release.await();
                    }));

    RegisteredWorker registered = only(taskrow);
    assertThat(registered.id()).isEqualTo("w1");
    assertThat(registered.host()).isEqualTo(LocalProcess.host());
    assertThat(registered.pid()).isEqualTo(ProcessHandle.current().pid());
    assertThat(registered.queues()).isEqualTo(Map.of("default", 3));
    assertThat(registered.startedAt()).isEqualTo(startedAt);
    assertThat(registered.heartbeatInterval()).isEqualTo(Duration.ofMillis(20));
    assertThat(registered.alive()).isTrue();
    assertThat(registered.draining()).isFalse();

    UUID id = taskrow.submit(NewTask.of("k"));
    assertThat(started.await(20, TimeUnit.SECONDS)).isTrue();
    clock.advance(Duration.ofSeconds(1));
    Instant later = clock.instant();
    // The heartbeat writes the row again: the time of now and the tasks it holds.
    awaitTrue(() -> later.equals(only(taskrow).lastHeartbeatAt()) && only(taskrow).running() == 1);
    assertThat(only(taskrow).startedAt()).isEqualTo(startedAt);

    CompletableFuture<Void> shutdown =
        CompletableFuture.runAsync(() -> worker.shutdown(Duration.ofSeconds(20)));
    awaitTrue(() -> only(taskrow).draining());
    release.countDown();
    shutdown.get(20, TimeUnit.SECONDS);
    awaitStatus(taskrow, id, TaskStatus.SUCCESS);
    assertThat(taskrow.workers()).isEmpty();
  }

  @Test
  void aKilledWorkerIsGoneAfterThreeHeartbeatsAndPrunedADayAfterItsLast() throws Exception {
    Taskrow taskrow = engine(kind("k").build());
    Worker killed = start(worker(taskrow, "killed"));
    killed.kill();
    start(worker(taskrow, "alive"));

    clock.advance(Duration.ofSeconds(3));
    assertThat(byId(taskrow, "killed").alive()).isTrue();
    clock.advance(Duration.ofMillis(1));
    assertThat(byId(taskrow, "killed").alive()).isFalse();
    awaitHeartbeat(taskrow, "alive");
    assertThat(byId(taskrow, "alive").alive()).isTrue();

    clock.advance(Duration.ofHours(23));
    awaitHeartbeat(taskrow, "alive");
    new GoneWorkerPruner(taskrow).run();
    assertThat(taskrow.workers()).extracting(RegisteredWorker::id).contains("killed", "alive");

    clock.advance(Duration.ofHours(1));
    awaitHeartbeat(taskrow, "alive");
    new GoneWorkerPruner(taskrow).run();
    assertThat(taskrow.workers()).extracting(RegisteredWorker::id).containsExactly("alive");
  }

  @Test
  void aHeartbeatWritesARowThatWentMissingAgain() throws Exception {
    Taskrow taskrow = engine(kind("k").build());
    start(worker(taskrow, "w1"));
    Instant startedAt = only(taskrow).startedAt();
    try (var c = dataSource.getConnection();
        var s = c.createStatement()) {
      s.execute("delete from taskrow_worker");
    }
    awaitTrue(() -> taskrow.workers().size() == 1);
    assertThat(only(taskrow).startedAt()).isEqualTo(startedAt);
  }

  private Worker.Builder worker(Taskrow taskrow, String id) {
    return taskrow
        .worker()
        .id(id)
        .pollInterval(Duration.ofMillis(20))
        .heartbeatInterval(Duration.ofSeconds(1))
        .queue("default", 1)
        .handler("k", ctx -> {});
  }

  private void awaitHeartbeat(Taskrow taskrow, String id) {
    Instant now = clock.instant();
    awaitTrue(() -> now.equals(byId(taskrow, id).lastHeartbeatAt()));
  }

  private static RegisteredWorker only(Taskrow taskrow) throws Exception {
    assertThat(taskrow.workers()).hasSize(1);
    return taskrow.workers().getFirst();
  }

  private static RegisteredWorker byId(Taskrow taskrow, String id) throws Exception {
    return taskrow.workers().stream().filter(w -> w.id().equals(id)).findFirst().orElseThrow();
  }
}
