package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Claims above a floor while vacuum is held back (see ClaimFloor): fast, and nothing starves. */
class ClaimFloorTest extends EngineTest {
  private static final String[] KINDS = {"k"};
  private static final Long[] LEASES = {60_000L};

  @Test
  void withFewDeadVersionsThereIsNoFloor() throws Exception {
    Taskrow taskrow = engine(kind("k").build());
    taskrow.submit(NewTask.of("k"));
    try (Connection c = dataSource.getConnection()) {
      assertThat(
              taskrow
                  .repository()
                  .claimFloor(c, "default", KINDS, Long.MAX_VALUE, Duration.ofSeconds(1)))
          .isNull();
    }
  }

  @Test
  void theFloorIsTheOldestActiveDueTimeOrThePollIntervalBeforeNow() throws Exception {
    Taskrow taskrow = engine(kind("k").build());
    try (Connection c = dataSource.getConnection()) {
      assertThat(taskrow.repository().claimFloor(c, "default", KINDS, 0, Duration.ofSeconds(1)))
          .as("an empty queue")
          .isEqualTo(clock.instant().minusSeconds(1));

      UUID old = taskrow.submit(NewTask.of("k"));
      Instant oldDue = find(taskrow, old).dueAt();
      clock.advance(Duration.ofHours(1));
      taskrow.submit(NewTask.of("k"));
      assertThat(taskrow.repository().claimFloor(c, "default", KINDS, 0, Duration.ofSeconds(1)))
          .as("the oldest active row")
          .isEqualTo(oldDue);
    }
  }

  @Test
  void aClaimSkipsRowsBelowItsFloorOnly() throws Exception {
    Taskrow taskrow = engine(kind("k").build());
    UUID below = taskrow.submit(NewTask.of("k"));
    clock.advance(Duration.ofMinutes(1));
    Instant floor = clock.instant();
    UUID at = taskrow.submit(NewTask.of("k"));
    try (Connection c = dataSource.getConnection()) {
      assertThat(
              taskrow.repository().claim(c, "default", KINDS, LEASES, "w", 10, floor).stream()
                  .map(claimed -> claimed.task().id()))
          .containsExactly(at);
      assertThat(
              taskrow.repository().claim(c, "default", KINDS, LEASES, "w", 10, null).stream()
                  .map(claimed -> claimed.task().id()))
          .containsExactly(below);
    }
  }

  @Test
  void aTaskThatBecomesDueBelowTheFloorIsClaimedAtTheNextReading() throws Exception {
    Taskrow taskrow = engine(kind("k").build());
    start(
        taskrow
            .worker()
            // Through the table: a submit taken by its own process's worker would skip the claim
            // and its floor, which is what this test is about.
            .takesOwnSubmits(false)
            .claimFloorDeadRows(0)
            .pollInterval(Duration.ofMillis(50))
            .queue("default", 4)
            .handler("k", ctx -> {}));
    UUID first = taskrow.submit(NewTask.of("k"));
    awaitStatus(taskrow, first, TaskStatus.SUCCESS);
    // A submit whose clock is an hour behind: due far below the floor the worker read.
    clock.advance(Duration.ofHours(-1));
    UUID late = taskrow.submit(NewTask.of("k"));
    awaitStatus(taskrow, late, TaskStatus.SUCCESS);
  }

  @Test
  void theFloorIsReadOncePerInterval() throws Exception {
    AtomicInteger reads = new AtomicInteger();
    ClaimFloor hourly =
        new ClaimFloor(
            () -> {
              reads.incrementAndGet();
              return Map.of("default", Instant.EPOCH);
            },
            Duration.ofHours(1));
    assertThat(hourly.current()).containsEntry("default", Instant.EPOCH);
    hourly.current();
    assertThat(reads).hasValue(1);

    ClaimFloor always =
        new ClaimFloor(
            () -> Map.of("default", Instant.ofEpochSecond(reads.incrementAndGet())), Duration.ZERO);
    always.current();
    always.current();
    assertThat(reads).hasValue(3);
  }
}
