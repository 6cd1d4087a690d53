package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Leases: heartbeats keep them, a dead worker's expires, and the last attempt ends the task. */
class LeaseTest extends EngineTest {
  private final RecordingListener listener = new RecordingListener();
  private final CountDownLatch releaseDeadWorker = new CountDownLatch(1);

  @AfterEach
  void releaseHandlers() {
    releaseDeadWorker.countDown();
  }

  @Test
  void aDeadWorkersTaskIsRescuedByAnotherWorker() throws Exception {
    Taskrow taskrow = engine(3);
    UUID id = taskrow.submit(NewTask.of("k"));
    CountDownLatch claimed = new CountDownLatch(1);
    Worker dead = start(deadWorker(taskrow, claimed));
    assertThat(claimed.await(20, TimeUnit.SECONDS)).isTrue();
    dead.kill();

    clock.advance(Duration.ofSeconds(30));
    start(worker(taskrow, "rescuer").handler("k", ctx -> writeEffect(ctx, "rescuer")));
    awaitStatus(taskrow, id, TaskStatus.SUCCESS);

    assertThat(listener.rescued).containsExactly(id);
    assertThat(find(taskrow, id).attemptCount()).isEqualTo(2);
    assertThat(effects(id)).isEqualTo(1);
  }

  @Test
  void aLeaseExpiredOnTheLastAttemptEndsLeaseExpired() throws Exception {
    Taskrow taskrow = engine(1);
    UUID id = taskrow.submit(NewTask.of("k"));
    CountDownLatch claimed = new CountDownLatch(1);
    Worker dead = start(deadWorker(taskrow, claimed));
    assertThat(claimed.await(20, TimeUnit.SECONDS)).isTrue();
    dead.kill();

    clock.advance(Duration.ofSeconds(30));
    start(worker(taskrow, "sweeper").handler("k", ctx -> writeEffect(ctx, "sweeper")));
    awaitStatus(taskrow, id, TaskStatus.FAILED);

    Task task = find(taskrow, id);
    assertThat(task.errorCode()).isEqualTo(ErrorCodes.LEASE_EXPIRED);
    assertThat(task.errorMessage()).contains("dead");
    assertThat(task.attemptCount()).isEqualTo(1);
    assertThat(effects(id)).isZero();
  }

  @Test
  void heartbeatsKeepTheLeaseOfARunningTask() throws Exception {
    Taskrow taskrow = engine(3);
    UUID id = taskrow.submit(NewTask.of("k"));
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Worker owner = startOwner(taskrow, 1, started, release);
    assertThat(started.await(20, TimeUnit.SECONDS)).isTrue();

    for (int i = 0; i < 3; i++) {
      clock.advance(Duration.ofSeconds(20));
      Instant expected = clock.instant().plusSeconds(30);
      awaitTrue(() -> expected.equals(find(taskrow, id).lockedUntil()));
    }
    Worker other = track(taskrow.worker().queue("default", 1).handler("k", ctx -> {}).build());
    assertThat(other.claim("default", new String[] {"k"}, new Long[] {30_000L}, 1)).isEmpty();
    release.countDown();
    awaitStatus(taskrow, id, TaskStatus.SUCCESS);
    assertThat(find(taskrow, id).lockedBy()).isNull();
    // The SUCCESS commits before the worker forgets the task: wait for that, don't race it.
    awaitTrue(() -> owner.runningCount() == 0);
  }

  @Test
  void heartbeatsKeepTheLeasesOfMoreTasksThanOneChunk() throws Exception {
    Taskrow taskrow = engine(3);
    int tasks = Heartbeater.CHUNK * 2 + 10;
    List<UUID> ids = new ArrayList<>();
    for (int i = 0; i < tasks; i++) {
      ids.add(taskrow.submit(NewTask.of("k")));
    }
    CountDownLatch started = new CountDownLatch(tasks);
    CountDownLatch release = new CountDownLatch(1);
    Worker owner = startOwner(taskrow, tasks, started, release);
    try {
      assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();
      clock.advance(Duration.ofSeconds(20));
      Instant expected = clock.instant().plusSeconds(30);
      // Every task's lease, in every chunk, is extended from the new time.
      awaitTrue(() -> leasedUntil(expected) == tasks);
    } finally {
      release.countDown();
    }
    for (UUID id : ids) {
      awaitStatus(taskrow, id, TaskStatus.SUCCESS);
    }
    awaitTrue(() -> owner.runningCount() == 0);
  }

  /**
   * Worker "owner", heartbeating every 20 ms; each task signals its start and waits for release.
   */
  private Worker startOwner(
      Taskrow taskrow, int concurrency, CountDownLatch started, CountDownLatch release) {
    return start(
        worker(taskrow, "owner", concurrency)
            .heartbeatInterval(Duration.ofMillis(20))
            .handler(
                "k",
                ctx -> {
                  started.countDown();
                  release.await();
                }));
  }

  private int leasedUntil(Instant expected) throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s =
            c.prepareStatement("select count(*) from taskrow_task where locked_until = ?")) {
      s.setObject(1, OffsetDateTime.ofInstant(expected, ZoneOffset.UTC));
      try (ResultSet rs = s.executeQuery()) {
        rs.next();
        return rs.getInt(1);
      }
    }
  }

  @Test
  void aKilledWorkersTaskIsClaimedAgainWithinLeasePlusPollInterval() throws Exception {
    // Real database time here: a 1 s lease and a 100 ms poll.
    Taskrow taskrow =
        Taskrow.builder(dataSource)
            .listener(listener)
            .kind(kind("k").maxAttempts(3).lease(Duration.ofSeconds(1)).build())
            .build();
    UUID id = taskrow.submit(NewTask.of("k"));
    CountDownLatch claimed = new CountDownLatch(1);
    Worker dead =
        start(
            taskrow
                .worker()
                .id("dead")
                .queue("default", 1)
                .pollInterval(Duration.ofMillis(100))
                .heartbeatInterval(Duration.ofHours(1))
                .handler(
                    "k",
                    ctx -> {
                      claimed.countDown();
                      releaseDeadWorker.await();
                    }));
    assertThat(claimed.await(20, TimeUnit.SECONDS)).isTrue();
    dead.kill();
    long deadAt = System.nanoTime();
    start(
        taskrow
            .worker()
            .id("rescuer")
            .queue("default", 1)
            .pollInterval(Duration.ofMillis(100))
            .handler("k", ctx -> {}));
    awaitStatus(taskrow, id, TaskStatus.SUCCESS);
    Duration recovery = Duration.ofNanos(System.nanoTime() - deadAt);

    assertThat(recovery).isLessThan(Duration.ofMillis(1000 + 100 + 700));
    assertThat(listener.rescued).containsExactly(id);
  }

  private Taskrow engine(int maxAttempts) {
    return Taskrow.builder(dataSource)
        .clock(clock)
        .listener(listener)
        .kind(kind("k").maxAttempts(maxAttempts).lease(Duration.ofSeconds(30)).build())
        .build();
  }

  /** A worker that claims the task and never finishes it; the test then kills it. */
  private Worker.Builder deadWorker(Taskrow taskrow, CountDownLatch claimed) {
    return worker(taskrow, "dead")
        .heartbeatInterval(Duration.ofHours(1))
        .handler(
            "k",
            ctx -> {
              claimed.countDown();
              releaseDeadWorker.await();
            });
  }

  private static Worker.Builder worker(Taskrow taskrow, String id) {
    return worker(taskrow, id, 1);
  }

  private static Worker.Builder worker(Taskrow taskrow, String id, int concurrency) {
    return taskrow
        .worker()
        .id(id)
        .queue("default", concurrency)
        .pollInterval(Duration.ofMillis(20));
  }
}
