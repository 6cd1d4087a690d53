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
 * A kind's time limit: past it the handler is interrupted and the attempt fails TIMEOUT; one that
 * ignores the interrupt loses its lease a lease later and is fenced off.
 */
class TimeLimitTest extends EngineTest {
  private static final Duration LIMIT = Duration.ofMillis(200);
  private static final Duration LEASE = Duration.ofSeconds(30);
  private final RecordingListener listener = new RecordingListener();
  private final CountDownLatch releaseRunaway = new CountDownLatch(1);

  @AfterEach
  void releaseHandlers() {
    releaseRunaway.countDown();
  }

  @Test
  void aHandlerPastItsLimitIsInterruptedAndTheAttemptIsRetriedAsTimeout() throws Exception {
    Taskrow taskrow = engine(2);
    UUID id = taskrow.submit(NewTask.of("k"));
    runKind(
        taskrow,
        ctx -> {
          writeEffect(ctx, "attempt " + ctx.attempt());
          if (ctx.attempt() == 1) {
            new CountDownLatch(1).await(); // waits for ever, unless interrupted
          }
        });

    awaitTrue(() -> find(taskrow, id).isWaitingForRetry());
    Task waiting = find(taskrow, id);
    assertThat(waiting.lastErrorCode()).isEqualTo(ErrorCodes.TIMEOUT);
    assertThat(waiting.errorMessage()).contains("time limit of PT0.2S");
    assertThat(waiting.attemptCount()).isEqualTo(1);
    assertThat(effects(id)).isZero();

    clock.advance(Duration.ofSeconds(10));
    awaitStatus(taskrow, id, TaskStatus.SUCCESS);
    assertThat(find(taskrow, id).attemptCount()).isEqualTo(2);
    assertThat(count("select count(*) from test_effect where worker = 'attempt 2'")).isEqualTo(1);
    assertThat(effects(id)).isEqualTo(1);
  }

  @Test
  void aHandlerThatReturnsAfterItsLimitStillEndsTimeout() throws Exception {
    Taskrow taskrow = engine(1);
    UUID id = taskrow.submit(NewTask.of("k"));
    runKind(
        taskrow,
        ctx -> {
          writeEffect(ctx, "late");
          try {
            new CountDownLatch(1).await();
          } catch (InterruptedException swallowed) {
            // returns as if it had finished its work
          }
        });

    awaitStatus(taskrow, id, TaskStatus.FAILED);
    assertThat(find(taskrow, id).errorCode()).isEqualTo(ErrorCodes.TIMEOUT);
    assertThat(effects(id)).isZero();
  }

  @Test
  void aHandlerThatIgnoresTheInterruptLosesItsLeaseALeaseLaterAndIsFencedOff() throws Exception {
    Taskrow taskrow = engine(3);
    UUID id = taskrow.submit(NewTask.of("k"));
    CountDownLatch interrupted = new CountDownLatch(1);
    start(
        taskrow
            .worker()
            .pollInterval(Duration.ofMillis(20))
            // Heartbeats all the time: only the lease cap can let the lease run out.
            .heartbeatInterval(Duration.ofMillis(20))
            .queue("default", 2)
            .handler(
                "k",
                ctx -> {
                  writeEffect(ctx, "attempt " + ctx.attempt());
                  if (ctx.attempt() > 1) {
                    return;
                  }
                  while (true) {
                    try {
                      releaseRunaway.await();
                      return;
                    } catch (InterruptedException ignored) {
                      interrupted.countDown();
                    }
                  }
                }));
    assertThat(interrupted.await(20, TimeUnit.SECONDS)).isTrue();

    // The cap is a lease past the limit from the handler's start (a few real milliseconds after
    // the claim); past it the lease is over however often the heartbeat runs.
    clock.advance(LIMIT.plus(LEASE).plusSeconds(1));
    awaitStatus(taskrow, id, TaskStatus.SUCCESS);
    assertThat(listener.rescued).containsExactly(id);

    releaseRunaway.countDown();
    awaitTrue(() -> listener.leaseLost.contains(id));
    Task task = find(taskrow, id);
    assertThat(task.status()).isEqualTo(TaskStatus.SUCCESS);
    assertThat(task.attemptCount()).isEqualTo(2);
    assertThat(task.lastErrorCode()).isNull();
    assertThat(count("select count(*) from test_effect where worker = 'attempt 1'")).isZero();
    assertThat(count("select count(*) from test_effect where worker = 'attempt 2'")).isEqualTo(1);
  }

  @Test
  void aZeroOrNegativeTimeLimitIsRefusedByName() {
    assertThatThrownBy(() -> kind("k").timeLimit(Duration.ZERO).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("k: timeLimit must be positive, was PT0S");
    assertThatThrownBy(() -> kind("k").timeLimit(Duration.ofSeconds(-1)).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("k: timeLimit must be positive, was PT-1S");
  }

  private Taskrow engine(int maxAttempts) {
    return Taskrow.builder(dataSource)
        .clock(clock)
        .listener(listener)
        .kind(kind("k").maxAttempts(maxAttempts).lease(LEASE).timeLimit(LIMIT).build())
        .build();
  }
}
