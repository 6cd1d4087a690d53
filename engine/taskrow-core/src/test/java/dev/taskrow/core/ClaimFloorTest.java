package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
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
  void theFloorIsTheOldestDueTimeOfTheWorkersKindsAtAnyPriority() throws Exception {
    Taskrow taskrow =
        Taskrow.builder(dataSource)
            .clock(clock)
            .kind(kind("k").build())
            .kind(kind("other").build())
            .build();
    UUID otherKind = taskrow.submit(NewTask.of("other").priority(5));
    clock.advance(Duration.ofMinutes(1));
    UUID oldest = taskrow.submit(NewTask.of("k").priority(-3));
    clock.advance(Duration.ofMinutes(1));
    taskrow.submit(NewTask.of("k").priority(7));
    taskrow.submit(NewTask.of("k"));
    clock.advance(Duration.ofMinutes(1));
    try (Connection c = dataSource.getConnection()) {
      assertThat(taskrow.repository().claimFloor(c, "default", KINDS, 0, Duration.ofSeconds(1)))
          .as("the lowest priority's row, older than every higher one's; not the other kind's")
          .isEqualTo(find(taskrow, oldest).dueAt())
          .isAfter(find(taskrow, otherKind).dueAt());
    }
  }

  @Test
  void theFloorOfALongQueueReadsOneRowPerPriorityNotTheQueue() throws Exception {
    Taskrow taskrow = engine(kind("k").build());
    try (Connection c = dataSource.getConnection()) {
      // Due from an hour before the engine's clock on: older than its poll interval before now.
      try (PreparedStatement insert =
          c.prepareStatement(
              "insert into taskrow_task (id, kind, queue, priority, max_attempts, due_at)"
                  + " select gen_random_uuid(), 'k', 'default', i % 3, 3,"
                  + " cast(? as timestamptz) - interval '1 hour' + i * interval '1 second'"
                  + " from generate_series(1, 3000) as i")) {
        insert.setObject(1, clock.instant().atOffset(ZoneOffset.UTC));
        insert.execute();
      }
      try (Statement s = c.createStatement()) {
        s.execute("analyze taskrow_task");
      }
      c.setAutoCommit(false);
      Reads before = reads(c);
      Instant floor =
          taskrow.repository().claimFloor(c, "default", KINDS, 0, Duration.ofSeconds(1));
      Reads read = reads(c).since(before);
      c.rollback();
      try (Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("select min(due_at) from taskrow_task")) {
        rs.next();
        assertThat(floor)
            .isEqualTo(rs.getObject(1, OffsetDateTime.class).toInstant())
            .isBefore(clock.instant().minusSeconds(1));
      }
      assertThat(read.wholeTableScans()).isZero();
      // Three priorities: the first row of each, and one look past the lowest. min() over the
      // queue read all 3,000.
      assertThat(read.rows()).isLessThanOrEqualTo(10);
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
