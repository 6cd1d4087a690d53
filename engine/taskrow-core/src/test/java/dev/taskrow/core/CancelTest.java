package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class CancelTest extends EngineTest {

  @Test
  void aPendingTaskIsCancelledAtOnce() throws Exception {
    Taskrow taskrow = engine(kind("k").build());
    UUID id = taskrow.submit(NewTask.of("k"));

    assertThat(taskrow.cancel(id)).isEqualTo(CancelOutcome.CANCELLED);
    Task task = find(taskrow, id);
    assertThat(task.status()).isEqualTo(TaskStatus.FAILED);
    assertThat(task.errorCode()).isEqualTo(ErrorCodes.CANCELLED);
    assertThat(task.dueAt()).isNull();
    assertThat(taskrow.cancel(id)).isEqualTo(CancelOutcome.ALREADY_FINAL);
    assertThat(taskrow.cancel(UUID.randomUUID())).isEqualTo(CancelOutcome.NOT_FOUND);
  }

  @Test
  void aRunningTaskSeesTheRequestAndStops() throws Exception {
    Taskrow taskrow = engine(kind("k").build());
    UUID id = taskrow.submit(NewTask.of("k"));
    CountDownLatch started = new CountDownLatch(1);
    start(
        taskrow
            .worker()
            .pollInterval(Duration.ofMillis(20))
            .heartbeatInterval(Duration.ofMillis(20))
            .queue("default", 1)
            .handler(
                "k",
                ctx -> {
                  started.countDown();
                  while (!ctx.isCancellationRequested()) {
                    Thread.onSpinWait();
                  }
                  throw TaskFailure.cancelled();
                }));
    assertThat(started.await(20, TimeUnit.SECONDS)).isTrue();

    assertThat(taskrow.cancel(id)).isEqualTo(CancelOutcome.REQUESTED);
    awaitStatus(taskrow, id, TaskStatus.FAILED);
    assertThat(find(taskrow, id).errorCode()).isEqualTo(ErrorCodes.CANCELLED);
  }

  @Test
  void aTaskWaitingForItsRetryIsCancelledAtOnce() throws Exception {
    Taskrow taskrow = engine(kind("k").maxAttempts(3).build());
    UUID id = taskrow.submit(NewTask.of("k"));
    runKind(
        taskrow,
        ctx -> {
          throw TaskFailure.retryable("TIMEOUT", "slow");
        });
    awaitTrue(() -> find(taskrow, id).isWaitingForRetry());

    assertThat(taskrow.cancel(id)).isEqualTo(CancelOutcome.CANCELLED);
    assertThat(find(taskrow, id).errorCode()).isEqualTo(ErrorCodes.CANCELLED);
  }

  @Test
  void aCancelRequestedDuringAnAttemptStopsTheRetry() throws Exception {
    Taskrow taskrow = engine(kind("k").maxAttempts(3).build());
    UUID id = taskrow.submit(NewTask.of("k"));
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch cancelled = new CountDownLatch(1);
    start(
        taskrow
            .worker()
            .pollInterval(Duration.ofMillis(20))
            .heartbeatInterval(Duration.ofHours(1))
            .queue("default", 1)
            .handler(
                "k",
                ctx -> {
                  started.countDown();
                  cancelled.await();
                  throw TaskFailure.retryable("TIMEOUT", "slow");
                }));
    assertThat(started.await(20, TimeUnit.SECONDS)).isTrue();
    assertThat(taskrow.cancel(id)).isEqualTo(CancelOutcome.REQUESTED);
    cancelled.countDown();

    awaitStatus(taskrow, id, TaskStatus.FAILED);
    assertThat(find(taskrow, id).errorCode()).isEqualTo(ErrorCodes.CANCELLED);
  }
}
