package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Every state transition and error path of one task row. */
class LifecycleTest extends EngineTest {

  @Test
  void submittedTaskIsPendingWithItsFields() throws Exception {
    Taskrow taskrow = engine(kind("k").queue("q").maxAttempts(4).build());
    UUID id = taskrow.submit(NewTask.of("k").subject("nest:1").payload("{\"a\": 1}").priority(7));

    Task task = find(taskrow, id);
    assertThat(task.status()).isEqualTo(TaskStatus.PENDING);
    assertThat(task.kind()).isEqualTo("k");
    assertThat(task.queue()).isEqualTo("q");
    assertThat(task.subject()).isEqualTo("nest:1");
    assertThat(task.payload()).isEqualTo("{\"a\": 1}");
    assertThat(task.priority()).isEqualTo(7);
    assertThat(task.maxAttempts()).isEqualTo(4);
    assertThat(task.attemptCount()).isZero();
    assertThat(task.createdAt())
        .isEqualTo(clock.instant().truncatedTo(java.time.temporal.ChronoUnit.MICROS));
    assertThat(task.dueAt()).isEqualTo(task.createdAt());
    assertThat(task.startedAt()).isNull();
  }

  @Test
  void successRecordsResultTimesAndClearsTheLease() throws Exception {
    Taskrow taskrow = engine(kind("k").build());
    UUID id = taskrow.submit(NewTask.of("k"));
    start(
        taskrow
            .worker()
            .id("w1")
            .pollInterval(Duration.ofMillis(20))
            .queue("default", 1)
            .handler("k", ctx -> ctx.result("{\"pages\": 3}")));

    awaitStatus(taskrow, id, TaskStatus.SUCCESS);
    Task task = find(taskrow, id);
    assertThat(task.result()).isEqualTo("{\"pages\": 3}");
    assertThat(task.attemptCount()).isEqualTo(1);
    assertThat(task.fenceToken()).isEqualTo(1);
    assertThat(task.startedAt()).isNotNull();
    assertThat(task.finishedAt()).isNotNull();
    assertThat(task.lockedBy()).isNull();
    assertThat(task.lockedUntil()).isNull();
    assertThat(task.dueAt()).isNull();
    assertThat(task.errorCode()).isNull();
  }

  @Test
  void fatalFailureEndsFailedWithItsCodeAtOnce() throws Exception {
    Taskrow taskrow = engine(kind("k").maxAttempts(5).build());
    UUID id = taskrow.submit(NewTask.of("k"));
    runKind(
        taskrow,
        ctx -> {
          throw TaskFailure.fatal("AUTOMATION_FAILED", "the bot could not log in");
        });

    awaitStatus(taskrow, id, TaskStatus.FAILED);
    Task task = find(taskrow, id);
    assertThat(task.errorCode()).isEqualTo("AUTOMATION_FAILED");
    assertThat(task.lastErrorCode()).isEqualTo("AUTOMATION_FAILED");
    assertThat(task.errorMessage()).isEqualTo("the bot could not log in");
    assertThat(task.attemptCount()).isEqualTo(1);
    assertThat(task.finishedAt()).isNotNull();
  }

  @Test
  void unexpectedExceptionIsUnknownAndNotRetriedByDefault() throws Exception {
    Taskrow taskrow = engine(kind("k").maxAttempts(5).build());
    UUID id = taskrow.submit(NewTask.of("k"));
    runKind(
        taskrow,
        ctx -> {
          throw new IllegalStateException("boom");
        });

    awaitStatus(taskrow, id, TaskStatus.FAILED);
    Task task = find(taskrow, id);
    assertThat(task.errorCode()).isEqualTo(ErrorCodes.UNKNOWN);
    assertThat(task.errorMessage()).contains("IllegalStateException").contains("boom");
    assertThat(task.attemptCount()).isEqualTo(1);
  }

  @Test
  void unknownIsRetriedWhenThePolicySaysSo() throws Exception {
    Taskrow taskrow =
        Taskrow.builder(dataSource)
            .clock(clock)
            .kind(
                kind("k")
                    .maxAttempts(3)
                    .retryPolicy(RetryPolicy.fixed(Duration.ofSeconds(5)).retryUnknown(true))
                    .build())
            .build();
    UUID id = taskrow.submit(NewTask.of("k"));
    runKind(
        taskrow,
        ctx -> {
          throw new IllegalStateException("boom");
        });

    awaitTrue(() -> find(taskrow, id).isWaitingForRetry());
    Task task = find(taskrow, id);
    assertThat(task.status()).isEqualTo(TaskStatus.PROCESSING);
    assertThat(task.lastErrorCode()).isEqualTo(ErrorCodes.UNKNOWN);
  }

  @Test
  void nonTransactionalKindHasNoConnection() throws Exception {
    Taskrow taskrow = engine(kind("k").transactional(false).build());
    UUID id = taskrow.submit(NewTask.of("k"));
    runKind(taskrow, ctx -> ctx.connection());

    awaitStatus(taskrow, id, TaskStatus.FAILED);
    assertThat(find(taskrow, id).errorMessage()).contains("not transactional");
  }

  @Test
  void delayedTaskWaitsForItsTimeAndPriorityOrdersTheQueue() throws Exception {
    Taskrow taskrow = engine(kind("k").build());
    UUID later = taskrow.submit(NewTask.of("k").delay(Duration.ofMinutes(10)));
    UUID low = taskrow.submit(NewTask.of("k").priority(1));
    UUID high = taskrow.submit(NewTask.of("k").priority(9));
    Worker worker = track(taskrow.worker().queue("default", 10).handler("k", ctx -> {}).build());

    var first = worker.claim("default", new String[] {"k"}, new Long[] {3_600_000L}, 1);
    var second = worker.claim("default", new String[] {"k"}, new Long[] {3_600_000L}, 10);
    assertThat(first).extracting(RunningTask::taskId).containsExactly(high);
    assertThat(second).extracting(RunningTask::taskId).containsExactly(low);

    clock.advance(Duration.ofMinutes(10));
    var third = worker.claim("default", new String[] {"k"}, new Long[] {3_600_000L}, 10);
    assertThat(third).extracting(RunningTask::taskId).containsExactly(later);
  }

  @Test
  void workerOnlyClaimsKindsItHasHandlersFor() throws Exception {
    Taskrow taskrow =
        Taskrow.builder(dataSource)
            .clock(clock)
            .kind(kind("mine").build())
            .kind(kind("other").build())
            .build();
    UUID other = taskrow.submit(NewTask.of("other"));
    UUID mine = taskrow.submit(NewTask.of("mine"));
    AtomicInteger runs = new AtomicInteger();
    start(
        taskrow
            .worker()
            .pollInterval(Duration.ofMillis(20))
            .queue("default", 2)
            .handler("mine", ctx -> runs.incrementAndGet()));

    awaitStatus(taskrow, mine, TaskStatus.SUCCESS);
    assertThat(find(taskrow, other).status()).isEqualTo(TaskStatus.PENDING);
    assertThat(runs).hasValue(1);
  }

  @Test
  void progressIsWrittenAndTheLastValueKept() throws Exception {
    Taskrow taskrow = engine(kind("k").build());
    UUID id = taskrow.submit(NewTask.of("k"));
    runKind(
        taskrow,
        ctx -> {
          for (int i = 1; i <= 1000; i++) {
            ctx.progress(i, 1000);
          }
        });

    awaitStatus(taskrow, id, TaskStatus.SUCCESS);
    Task task = find(taskrow, id);
    assertThat(task.progressDone()).isEqualTo(1000L);
    assertThat(task.progressTotal()).isEqualTo(1000L);
  }

  @Test
  void unknownKindIsRejectedAtSubmit() {
    Taskrow taskrow = Taskrow.builder(dataSource).kind(kind("k").build()).build();
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> taskrow.submit(NewTask.of("nope")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown task kind: nope");
  }

  @Test
  void plainSubmitForASubjectWithAnActiveTaskIsAClearError() throws Exception {
    Taskrow taskrow = engine(kind("k").build());
    taskrow.submit(NewTask.of("k").subject("nest:3"));
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> taskrow.submit(NewTask.of("k").subject("nest:3")))
        .isInstanceOf(ActiveTaskExistsException.class)
        .hasMessageContaining("nest:3");
  }

  @Test
  void queriesBySubjectNewestFirstAndCounts() throws Exception {
    Taskrow taskrow = engine(kind("k").queue("q").build());
    UUID first = taskrow.submit(NewTask.of("k").subject("nest:7"));
    assertThat(taskrow.cancel(first)).isEqualTo(CancelOutcome.CANCELLED);
    clock.advance(Duration.ofSeconds(1));
    UUID second = taskrow.submit(NewTask.of("k").subject("nest:7"));
    taskrow.submit(NewTask.of("k").subject("nest:8"));

    assertThat(taskrow.findBySubject("nest:7", 10))
        .extracting(Task::id)
        .containsExactly(second, first);
    assertThat(taskrow.counts())
        .containsEntry("q", java.util.Map.of(TaskStatus.PENDING, 2L, TaskStatus.FAILED, 1L));
    assertThat(taskrow.activeCounts())
        .isEqualTo(java.util.Map.of("q", java.util.Map.of(TaskStatus.PENDING, 2L)));
    clock.advance(Duration.ofSeconds(30));
    assertThat(taskrow.oldestPendingAge()).contains(Duration.ofSeconds(30));
  }
}
