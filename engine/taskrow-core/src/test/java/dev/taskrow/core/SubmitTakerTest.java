package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A worker takes a task submitted in its own process into a free slot in the submit's commit: the
 * row is committed already claimed, and the handler runs without a signal or a claim. The workers
 * here poll once a minute (the longest they may) and the engine has no signals, so a task the
 * worker did not take waits PENDING for the whole test: whatever runs, ran because it was taken.
 */
class SubmitTakerTest extends EngineTest {
  private static final Duration MINUTE = Duration.ofMinutes(1);
  private final CountDownLatch release = new CountDownLatch(1);

  @AfterEach
  void releaseHandlers() {
    release.countDown();
  }

  @Test
  void anIdleWorkerRunsItsOwnSubmitFromTheSubmitsCommitAlone() throws Exception {
    Taskrow taskrow = engine(kind("k").build());
    CountDownLatch started = new CountDownLatch(1);
    Worker worker = idleWorker(taskrow, true, 2, started);

    UUID id = taskrow.submit(NewTask.of("k"));

    // Committed as the claim leaves a row: in the submit's own commit, before any handler ran.
    Task row = find(taskrow, id);
    assertThat(row.status()).isEqualTo(TaskStatus.PROCESSING);
    assertThat(row.lockedBy()).isEqualTo(worker.id());
    assertThat(row.attemptCount()).isEqualTo(1);
    assertThat(row.fenceToken()).isEqualTo(1);
    assertThat(row.lockedUntil()).isEqualTo(clock.instant().plus(kind("k").build().lease()));
    assertThat(started.await(10, TimeUnit.SECONDS)).as("the handler started").isTrue();
    release.countDown();
    awaitStatus(taskrow, id, TaskStatus.SUCCESS);
    assertThat(effects(id)).isEqualTo(1);
  }

  @Test
  void aTakenTaskIsRetriedOnItsRowAsAClaimedOne() throws Exception {
    Taskrow taskrow = engine(kind("k").maxAttempts(2).build());
    Worker worker =
        start(
            taskrow
                .worker()
                .pollInterval(MINUTE)
                .queue("default", 1)
                .handler(
                    "k",
                    ctx -> {
                      throw TaskFailure.retryable("NETWORK_ERROR", "connection reset");
                    }));
    awaitFirstClaimDone(worker);

    UUID id = taskrow.submit(NewTask.of("k"));

    // The retry waits on the same row, its attempt counted, as after any claimed attempt.
    awaitTrue(() -> find(taskrow, id).isWaitingForRetry());
    Task row = find(taskrow, id);
    assertThat(row.status()).isEqualTo(TaskStatus.PROCESSING);
    assertThat(row.attemptCount()).isEqualTo(1);
    assertThat(row.lastErrorCode()).isEqualTo("NETWORK_ERROR");
    assertThat(row.lockedBy()).isNull();
    assertThat(row.nextRetryAt()).isEqualTo(clock.instant().plusSeconds(10));
  }

  @Test
  void aTakenTaskWhoseWorkerDiesIsRescuedAndItsZombieIsFencedOff() throws Exception {
    RecordingListener listener = new RecordingListener();
    Taskrow taskrow =
        Taskrow.builder(dataSource)
            .clock(clock)
            .kind(kind("k").transactional(true).lease(Duration.ofSeconds(30)).build())
            .listener(listener)
            .build();
    CountDownLatch zombieStarted = new CountDownLatch(1);
    CountDownLatch releaseZombie = new CountDownLatch(1);
    Worker zombie =
        start(
            taskrow
                .worker()
                .id("zombie")
                .pollInterval(MINUTE)
                .queue("default", 1)
                .handler(
                    "k",
                    ctx -> {
                      zombieStarted.countDown();
                      releaseZombie.await();
                      writeEffect(ctx, "zombie");
                    }));
    awaitFirstClaimDone(zombie);
    UUID id = taskrow.submit(NewTask.of("k"));
    assertThat(zombieStarted.await(10, TimeUnit.SECONDS)).isTrue();
    // What a kill -9 right after the submit leaves: a leased row nobody heartbeats.
    zombie.kill();

    clock.advance(Duration.ofSeconds(31));
    start(
        taskrow
            .worker()
            .id("rescuer")
            .pollInterval(Duration.ofMillis(20))
            .queue("default", 1)
            .handler("k", ctx -> writeEffect(ctx, "rescuer")));
    awaitStatus(taskrow, id, TaskStatus.SUCCESS);
    releaseZombie.countDown();

    Task done = find(taskrow, id);
    assertThat(done.attemptCount()).isEqualTo(2);
    assertThat(done.fenceToken()).isEqualTo(2);
    // The zombie's handler returned and its SUCCESS found the row under another fence token.
    awaitTrue(() -> listener.leaseLost.contains(id));
    assertThat(count("select count(*) from test_effect where worker = 'zombie'")).isZero();
    assertThat(count("select count(*) from test_effect where worker = 'rescuer'")).isEqualTo(1);
  }

  @Test
  void noFreeSlotMeansTheTaskWaitsInTheTable() throws Exception {
    Taskrow taskrow = engine(kind("k").build());
    CountDownLatch started = new CountDownLatch(1);
    idleWorker(taskrow, true, 1, started);
    UUID first = taskrow.submit(NewTask.of("k"));
    assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();

    UUID second = taskrow.submit(NewTask.of("k"));

    assertThat(find(taskrow, first).status()).isEqualTo(TaskStatus.PROCESSING);
    Task waiting = find(taskrow, second);
    assertThat(waiting.status()).isEqualTo(TaskStatus.PENDING);
    assertThat(waiting.attemptCount()).isZero();
    assertThat(waiting.lockedBy()).isNull();
  }

  @Test
  void switchedOffEverySubmitWaitsForAClaim() throws Exception {
    Taskrow taskrow = engine(kind("k").build());
    idleWorker(taskrow, false, 2, new CountDownLatch(1));

    UUID id = taskrow.submit(NewTask.of("k"));

    assertThat(find(taskrow, id).status()).isEqualTo(TaskStatus.PENDING);
  }

  @Test
  void aDelayedTaskOrAPausedQueueIsNotTakenAndKeepsItsPermit() throws Exception {
    Taskrow taskrow = engine(kind("k").build());
    CountDownLatch started = new CountDownLatch(1);
    idleWorker(taskrow, true, 1, started);

    UUID later = taskrow.submit(NewTask.of("k").delay(Duration.ofMinutes(5)));
    assertThat(find(taskrow, later).status()).isEqualTo(TaskStatus.PENDING);

    assertThat(taskrow.pause("default")).isTrue();
    UUID paused = taskrow.submit(NewTask.of("k"));
    assertThat(find(taskrow, paused).status()).isEqualTo(TaskStatus.PENDING);
    assertThat(taskrow.resume("default")).isTrue();

    // Neither kept the worker's one slot: the next submit is taken.
    UUID taken = taskrow.submit(NewTask.of("k"));
    assertThat(find(taskrow, taken).status()).isEqualTo(TaskStatus.PROCESSING);
    assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void aRefusedSubmitGivesItsPermitBack() throws Exception {
    Taskrow taskrow = engine(kind("k").build());
    CountDownLatch started = new CountDownLatch(1);
    idleWorker(taskrow, true, 1, started);
    // An active row of subject "s" that no worker will claim: its due time is a day ahead.
    taskrow.submit(NewTask.of("k").subject("s").delay(Duration.ofDays(1)));

    assertThatThrownBy(() -> taskrow.submit(NewTask.of("k").subject("s")))
        .isInstanceOf(ActiveTaskExistsException.class);

    UUID taken = taskrow.submit(NewTask.of("k"));
    assertThat(find(taskrow, taken).status()).isEqualTo(TaskStatus.PROCESSING);
  }

  @Test
  void aWorkerShutDownTakesNothingMore() throws Exception {
    Taskrow taskrow = engine(kind("k").build());
    Worker worker = idleWorker(taskrow, true, 2, new CountDownLatch(1));
    worker.shutdown(Duration.ofSeconds(5));

    UUID id = taskrow.submit(NewTask.of("k"));

    assertThat(find(taskrow, id).status()).isEqualTo(TaskStatus.PENDING);
  }

  @Test
  void aKindWithAConcurrencyLimitIsLeftToTheClaim() throws Exception {
    Taskrow taskrow = engine(kind("k").concurrencyLimit("all", 1).build());
    idleWorker(taskrow, true, 2, new CountDownLatch(1));

    UUID id = taskrow.submit(NewTask.of("k"));

    assertThat(find(taskrow, id).status()).isEqualTo(TaskStatus.PENDING);
  }

  /**
   * A worker of the default queue that polls once a minute, after its first claim (which finds
   * nothing): from then on only a taken submit runs. Its handler writes an effect once released.
   */
  private Worker idleWorker(
      Taskrow taskrow, boolean takesOwnSubmits, int concurrency, CountDownLatch started) {
    Worker worker =
        start(
            taskrow
                .worker()
                .pollInterval(MINUTE)
                .takesOwnSubmits(takesOwnSubmits)
                .queue("default", concurrency)
                .handler(
                    "k",
                    ctx -> {
                      started.countDown();
                      release.await();
                      writeEffect(ctx, "w");
                    }));
    awaitFirstClaimDone(worker);
    return worker;
  }

  /**
   * A started worker claims once at once, and that claim would find a task that was not taken: the
   * tests wait for it to end, so afterwards only a take can run anything.
   */
  private static void awaitFirstClaimDone(Worker worker) {
    awaitTrue(() -> worker.claimsDone() >= 1);
  }
}
