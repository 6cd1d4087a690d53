package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The repository's statements on their own, against a real PostgreSQL, without a worker: what each
 * one does to the rows (River's driver test suite does the same for its drivers).
 */
class TaskRepositoryTest extends EngineTest {
  private static final String[] KINDS = {"k"};
  private static final Duration LEASE = Duration.ofSeconds(30);
  private static final Long[] LEASES = {LEASE.toMillis()};
  private static final Object[] NO_CAP = {null};

  @Test
  void aClaimTakesABatchByPriorityThenDueTimeAndLeasesEachRow() throws Exception {
    Taskrow taskrow = engine(kind("k").maxAttempts(3).build());
    UUID lowOld = taskrow.submit(NewTask.of("k").priority(1));
    clock.advance(Duration.ofSeconds(1));
    UUID highOld = taskrow.submit(NewTask.of("k").priority(5));
    clock.advance(Duration.ofSeconds(1));
    UUID lowNew = taskrow.submit(NewTask.of("k").priority(1));
    UUID highNew = taskrow.submit(NewTask.of("k").priority(5));
    clock.advance(Duration.ofSeconds(1));
    Instant now = clock.instant();

    List<TaskRepository.Claimed> claimed = claim(taskrow, "w1", 3);

    assertThat(claimed).extracting(c -> c.task().id()).containsExactly(highOld, highNew, lowOld);
    for (TaskRepository.Claimed row : claimed) {
      assertThat(row.previousStatus()).isEqualTo(TaskStatus.PENDING);
      assertThat(row.previousLease()).isNull();
      assertThat(row.isRescue()).isFalse();
      assertThat(row.claimedAt()).isEqualTo(now);
      Task task = find(taskrow, row.task().id());
      assertThat(task.status()).isEqualTo(TaskStatus.PROCESSING);
      assertThat(task.attemptCount()).isEqualTo(1);
      assertThat(task.fenceToken()).isEqualTo(1);
      assertThat(task.lockedBy()).isEqualTo("w1");
      assertThat(task.lockedUntil()).isEqualTo(now.plus(LEASE));
      assertThat(task.dueAt()).isEqualTo(now.plus(LEASE));
      assertThat(task.lastAttemptAt()).isEqualTo(now);
      assertThat(task.startedAt()).isEqualTo(now);
    }
    assertThat(claimed.getLast().previousDueAt()).isEqualTo(now.minusSeconds(3));
    Task left = find(taskrow, lowNew);
    assertThat(left.status()).isEqualTo(TaskStatus.PENDING);
    assertThat(left.attemptCount()).isZero();
    assertThat(left.lockedBy()).isNull();
  }

  @Test
  void twoClaimersSkipTheRowsTheOtherHoldsInsteadOfWaitingForThem() throws Exception {
    Taskrow taskrow = engine(kind("k").build());
    List<UUID> ids = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      ids.add(taskrow.submit(NewTask.of("k")));
    }
    List<UUID> first;
    List<UUID> second;
    try (Connection a = dataSource.getConnection();
        Connection b = dataSource.getConnection()) {
      a.setAutoCommit(false);
      first = idsOf(taskrow.repository().claim(a, "default", KINDS, LEASES, "a", 2, null));
      // a's transaction is open: its two rows stay locked. A claim that waited for them would
      // hit the timeout instead of returning.
      try (Statement s = b.createStatement()) {
        s.execute("set statement_timeout = '5s'");
      }
      try {
        second = idsOf(taskrow.repository().claim(b, "default", KINDS, LEASES, "b", 10, null));
        a.commit();
        assertThat(taskrow.repository().claim(b, "default", KINDS, LEASES, "b", 10, null))
            .as("nothing is left once a commits")
            .isEmpty();
      } finally {
        try (Statement s = b.createStatement()) {
          s.execute("reset statement_timeout");
        }
      }
    }

    assertThat(first).hasSize(2);
    assertThat(second).hasSize(1).doesNotContainAnyElementsOf(first);
    assertThat(concat(first, second)).containsExactlyInAnyOrderElementsOf(ids);
    for (UUID id : first) {
      assertThat(find(taskrow, id).lockedBy()).isEqualTo("a");
    }
    assertThat(find(taskrow, second.getFirst()).lockedBy()).isEqualTo("b");
  }

  @Test
  void anExpiredLeaseIsClaimedAgainAsARescueButNeverPastTheLastAttempt() throws Exception {
    Taskrow taskrow = engine(kind("k").maxAttempts(2).build());
    UUID id = taskrow.submit(NewTask.of("k"));
    assertThat(claim(taskrow, "dead", 10)).hasSize(1);

    clock.advance(LEASE.minusMillis(1));
    assertThat(claim(taskrow, "rescuer", 10)).as("the lease still runs").isEmpty();
    clock.advance(Duration.ofMillis(1));
    List<TaskRepository.Claimed> rescued = claim(taskrow, "rescuer", 10);
    assertThat(rescued).hasSize(1);
    assertThat(rescued.getFirst().isRescue()).isTrue();
    assertThat(rescued.getFirst().previousStatus()).isEqualTo(TaskStatus.PROCESSING);
    assertThat(rescued.getFirst().previousLease()).isEqualTo(clock.instant());
    Task task = find(taskrow, id);
    assertThat(task.attemptCount()).isEqualTo(2);
    assertThat(task.fenceToken()).isEqualTo(2);
    assertThat(task.lockedBy()).isEqualTo("rescuer");

    clock.advance(LEASE);
    assertThat(claim(taskrow, "third", 10)).as("both attempts are spent").isEmpty();
    assertThat(find(taskrow, id).attemptCount()).isEqualTo(2);
    assertThat(find(taskrow, id).lockedBy()).isEqualTo("rescuer");
  }

  @Test
  void aScheduledRetryWaitsWithoutALeaseAndIsThenClaimedAsTheNextAttempt() throws Exception {
    Taskrow taskrow = engine(kind("k").maxAttempts(3).build());
    UUID id = taskrow.submit(NewTask.of("k"));
    long token = claim(taskrow, "w", 1).getFirst().task().fenceToken();
    Instant now = clock.instant();

    assertThat(scheduleRetry(taskrow, id, token, 10_000)).contains(TaskStatus.PROCESSING);

    Task waiting = find(taskrow, id);
    assertThat(waiting.status()).isEqualTo(TaskStatus.PROCESSING);
    assertThat(waiting.isWaitingForRetry()).isTrue();
    assertThat(waiting.lastErrorCode()).isEqualTo("TIMEOUT");
    assertThat(waiting.errorMessage()).isEqualTo("slow");
    assertThat(waiting.errorCode()).isNull();
    assertThat(waiting.lockedBy()).isNull();
    assertThat(waiting.lockedUntil()).isNull();
    assertThat(waiting.nextRetryAt()).isEqualTo(now.plusSeconds(10));
    assertThat(waiting.dueAt()).isEqualTo(now.plusSeconds(10));
    assertThat(waiting.finishedAt()).isNull();

    clock.advance(Duration.ofSeconds(10));
    TaskRepository.Claimed next = claim(taskrow, "w", 1).getFirst();
    assertThat(next.isRescue()).as("a retry is no rescue").isFalse();
    assertThat(next.previousStatus()).isEqualTo(TaskStatus.PROCESSING);
    assertThat(next.task().attemptCount()).isEqualTo(2);
    assertThat(next.task().nextRetryAt()).isNull();
  }

  @Test
  void aRetryScheduledWhileACancelIsPendingEndsTheTaskCancelled() throws Exception {
    Taskrow taskrow = engine(kind("k").maxAttempts(3).build());
    UUID id = taskrow.submit(NewTask.of("k"));
    long token = claim(taskrow, "w", 1).getFirst().task().fenceToken();
    try (Connection c = dataSource.getConnection()) {
      assertThat(taskrow.repository().requestCancel(c, id)).isTrue();
    }
    Instant now = clock.instant();

    assertThat(scheduleRetry(taskrow, id, token, 10_000)).contains(TaskStatus.FAILED);

    Task task = find(taskrow, id);
    assertThat(task.status()).isEqualTo(TaskStatus.FAILED);
    assertThat(task.errorCode()).isEqualTo(ErrorCodes.CANCELLED);
    assertThat(task.lastErrorCode()).isEqualTo("TIMEOUT");
    assertThat(task.finishedAt()).isEqualTo(now);
    assertThat(task.dueAt()).isNull();
    assertThat(task.nextRetryAt()).isNull();
    assertThat(task.lockedBy()).isNull();
    assertThat(task.lockedUntil()).isNull();
  }

  @Test
  void aReleaseHandsTheTaskBackAtItsPlaceWithoutBurningAnAttempt() throws Exception {
    Taskrow taskrow = engine(kind("k").maxAttempts(1).build());
    UUID id = taskrow.submit(NewTask.of("k"));
    Instant queuedSince = find(taskrow, id).dueAt();
    clock.advance(Duration.ofMinutes(1));
    TaskRepository.Claimed claimed = claim(taskrow, "blue", 1).getFirst();
    assertThat(claimed.previousDueAt()).isEqualTo(queuedSince);
    clock.advance(Duration.ofMinutes(1));

    assertThat(release(taskrow, id, claimed.task().fenceToken(), queuedSince)).containsExactly(id);

    Task released = find(taskrow, id);
    assertThat(released.status()).isEqualTo(TaskStatus.PROCESSING);
    assertThat(released.attemptCount()).isZero();
    assertThat(released.fenceToken()).as("fences off the released handler").isEqualTo(2);
    assertThat(released.lockedBy()).isNull();
    assertThat(released.lockedUntil()).isNull();
    assertThat(released.dueAt()).isEqualTo(queuedSince);
    // The kind allows a single attempt, and it is still there to be made.
    TaskRepository.Claimed again = claim(taskrow, "green", 1).getFirst();
    assertThat(again.isRescue()).isFalse();
    assertThat(again.task().attemptCount()).isEqualTo(1);
    assertThat(again.task().fenceToken()).isEqualTo(3);
  }

  @Test
  void aReleaseNeverPutsATaskBehindNowNorTouchesANewerClaim() throws Exception {
    Taskrow taskrow = engine(kind("k").maxAttempts(3).build());
    UUID id = taskrow.submit(NewTask.of("k"));
    long token = claim(taskrow, "w", 1).getFirst().task().fenceToken();

    assertThat(release(taskrow, id, token, clock.instant().plusSeconds(3600))).containsExactly(id);
    assertThat(find(taskrow, id).dueAt()).isEqualTo(clock.instant());

    assertThat(release(taskrow, id, token, clock.instant())).as("a stale token").isEmpty();
    assertThat(find(taskrow, id).fenceToken()).isEqualTo(token + 1);
  }

  @Test
  void aReleaseSkipsARowAnotherTransactionHolds() throws Exception {
    Taskrow taskrow = engine(kind("k").maxAttempts(3).build());
    taskrow.submit(NewTask.of("k"));
    taskrow.submit(NewTask.of("k"));
    List<TaskRepository.Claimed> claimed = claim(taskrow, "w", 2);
    UUID held = claimed.get(0).task().id();
    UUID free = claimed.get(1).task().id();
    long heldToken = claimed.get(0).task().fenceToken();
    long freeToken = claimed.get(1).task().fenceToken();
    String now = clock.instant().toString();

    try (Connection batch = dataSource.getConnection();
        Connection handBack = dataSource.getConnection()) {
      batch.setAutoCommit(false);
      assertThat(taskrow.repository().completeOne(batch, held, heldToken, "{}")).isTrue();
      handBack.setAutoCommit(false);
      try (Statement s = handBack.createStatement()) {
        s.execute("set local lock_timeout = '2s'");
      }
      List<UUID> released =
          taskrow
              .repository()
              .release(
                  handBack,
                  new Object[] {held, free},
                  new Object[] {heldToken, freeToken},
                  new Object[] {now, now});
      handBack.commit();
      assertThat(released).containsExactly(free);
      batch.commit();
    }
    assertThat(find(taskrow, held).status()).isEqualTo(TaskStatus.SUCCESS);
    assertThat(find(taskrow, free).lockedBy()).isNull();
  }

  @Test
  void anExpiredLeaseWithAttemptsLeftIsLeftForTheNextClaim() throws Exception {
    Taskrow taskrow = engine(kind("k").maxAttempts(2).build());
    UUID id = taskrow.submit(NewTask.of("k"));
    claim(taskrow, "dead", 1);
    clock.advance(LEASE);

    assertThat(expireLeases(taskrow, "default")).isEmpty();

    assertThat(find(taskrow, id).status()).isEqualTo(TaskStatus.PROCESSING);
    assertThat(claim(taskrow, "rescuer", 1)).extracting(c -> c.task().id()).containsExactly(id);
  }

  @Test
  void anExpiredLeaseOnTheLastAttemptEndsFailedLeaseExpired() throws Exception {
    Taskrow taskrow = engine(kind("k").maxAttempts(1).build());
    UUID id = taskrow.submit(NewTask.of("k"));
    claim(taskrow, "dead-worker", 1);

    clock.advance(LEASE.minusMillis(1));
    assertThat(expireLeases(taskrow, "default")).as("the lease still runs").isEmpty();
    clock.advance(Duration.ofMillis(1));
    assertThat(expireLeases(taskrow, "other")).as("another queue's sweep").isEmpty();
    assertThat(expireLeases(taskrow, "default"))
        .containsExactly(new TaskEvent(id, "k", "default", 1));

    Task task = find(taskrow, id);
    assertThat(task.status()).isEqualTo(TaskStatus.FAILED);
    assertThat(task.errorCode()).isEqualTo(ErrorCodes.LEASE_EXPIRED);
    assertThat(task.lastErrorCode()).isEqualTo(ErrorCodes.LEASE_EXPIRED);
    assertThat(task.errorMessage()).contains("dead-worker");
    assertThat(task.finishedAt()).isEqualTo(clock.instant());
    assertThat(task.dueAt()).isNull();
    assertThat(task.lockedBy()).isNull();
    assertThat(task.lockedUntil()).isNull();
    assertThat(expireLeases(taskrow, "default")).as("closed once").isEmpty();
  }

  @Test
  void everyWriteOfAnOlderClaimMatchesNothing() throws Exception {
    Taskrow taskrow = engine(kind("k").maxAttempts(3).build());
    UUID id = taskrow.submit(NewTask.of("k"));
    long zombie = claim(taskrow, "zombie", 1).getFirst().task().fenceToken();
    clock.advance(LEASE);
    long owner = claim(taskrow, "owner", 1).getFirst().task().fenceToken();
    Task before = find(taskrow, id);

    try (Connection c = dataSource.getConnection()) {
      TaskRepository repository = taskrow.repository();
      assertThat(repository.completeOne(c, id, zombie, "{}")).isFalse();
      assertThat(repository.completeBatch(c, new Object[] {id}, new Object[] {zombie}, arr("{}")))
          .isEmpty();
      assertThat(repository.fail(c, id, zombie, "X", "x")).isFalse();
      assertThat(repository.scheduleRetry(c, id, zombie, "X", "x", 1000)).isEmpty();
      assertThat(repository.progress(c, id, zombie, 1, 2)).isFalse();
      assertThat(repository.heartbeat(c, arr(id), arr(zombie), arr(1000L), NO_CAP).owned())
          .isEmpty();
      assertThat(repository.heartbeat(c, arr(id), arr(owner), arr(60_000L), NO_CAP).owned())
          .containsEntry(id, false);
    }
    Task after = find(taskrow, id);
    assertThat(after.status()).isEqualTo(TaskStatus.PROCESSING);
    assertThat(after.fenceToken()).isEqualTo(owner).isEqualTo(before.fenceToken());
    assertThat(after.lockedBy()).isEqualTo("owner");
    assertThat(after.lastErrorCode()).isNull();
    assertThat(after.progressDone()).isNull();
    assertThat(after.lockedUntil()).isEqualTo(clock.instant().plusSeconds(60));
  }

  @Test
  void aBatchedSuccessStoresEachResultAsItsOwnSuccessWouldAndChecksEachToken() throws Exception {
    Taskrow taskrow = engine(kind("k").maxAttempts(3).build());
    // Texts a handler may write: quotes and backslashes escaped in JSON, a JSON null, Korean, a
    // bare string, a control character escaped, and no result at all.
    String[] results = {
      "{\"q\": \"a\\\"b\", \"path\": \"C:\\\\x\", \"nl\": \"line\\nnext\"}",
      "null",
      "{\"주소\": \"서울시 마포구\"}",
      "\"1],\\\"x\\\": [2\"",
      "[\"\\u0001\", 1.5e3]",
      null
    };
    for (int i = 0; i <= results.length; i++) {
      taskrow.submit(NewTask.of("k"));
    }
    List<TaskRepository.Claimed> claimed = claim(taskrow, "w", results.length + 1);
    Object[] ids = new Object[claimed.size()];
    Object[] tokens = new Object[claimed.size()];
    Object[] batchResults = new Object[claimed.size()];
    for (int i = 0; i < claimed.size(); i++) {
      ids[i] = claimed.get(i).task().id();
      tokens[i] = claimed.get(i).task().fenceToken();
      batchResults[i] = i < results.length ? results[i] : "{}";
    }
    UUID stale = (UUID) ids[results.length];
    tokens[results.length] = (long) tokens[results.length] - 1;

    List<UUID> completed;
    try (Connection c = dataSource.getConnection()) {
      completed = taskrow.repository().completeBatch(c, ids, tokens, batchResults);
    }

    assertThat(completed).hasSize(results.length).doesNotContain(stale);
    assertThat(find(taskrow, stale).status()).isEqualTo(TaskStatus.PROCESSING);
    for (int i = 0; i < results.length; i++) {
      Task task = find(taskrow, (UUID) ids[i]);
      assertThat(task.status()).isEqualTo(TaskStatus.SUCCESS);
      assertThat(task.result()).as(results[i]).isEqualTo(asStoredJson(results[i]));
    }
  }

  /** The text as a single SUCCESS (a jsonb cast of it) stores it and a read returns it. */
  private String asStoredJson(String text) throws SQLException {
    if (text == null) {
      return null;
    }
    try (Connection c = dataSource.getConnection();
        PreparedStatement s = c.prepareStatement("select cast(? as jsonb)::text")) {
      s.setString(1, text);
      try (ResultSet rs = s.executeQuery()) {
        rs.next();
        return rs.getString(1);
      }
    }
  }

  @Test
  void aLateHeartbeatOfAnAttemptThatWroteItsRetryOrSnoozeLeavesTheWaitingRowAlone()
      throws Exception {
    Taskrow taskrow = engine(kind("k").maxAttempts(3).build());
    UUID retried = taskrow.submit(NewTask.of("k"));
    UUID snoozed = taskrow.submit(NewTask.of("k"));
    List<TaskRepository.Claimed> claimed = claim(taskrow, "w", 2);
    long retriedToken = claimed.get(0).task().fenceToken();
    long snoozedToken = claimed.get(1).task().fenceToken();
    UUID first = claimed.get(0).task().id();
    UUID second = claimed.get(1).task().id();

    try (Connection c = dataSource.getConnection()) {
      TaskRepository repository = taskrow.repository();
      assertThat(repository.scheduleRetry(c, first, retriedToken, "X", "x", 120_000)).isPresent();
      assertThat(repository.snooze(c, second, snoozedToken, 3_600_000)).isPresent();
      assertThat(
              repository.heartbeat(
                  c,
                  new Object[] {first, second},
                  new Object[] {retriedToken, snoozedToken},
                  new Object[] {LEASE.toMillis(), LEASE.toMillis()},
                  new Object[] {null, null}))
          .isEqualTo(new TaskRepository.LeaseBeat(Map.of(), Set.of()));
    }
    Instant now = clock.instant();
    Task retry = find(taskrow, first);
    assertThat(retry.dueAt()).isEqualTo(now.plusSeconds(120));
    assertThat(retry.lockedUntil()).isNull();
    Task snooze = find(taskrow, second);
    assertThat(snooze.dueAt()).isEqualTo(now.plusSeconds(3600));
    assertThat(snooze.lockedUntil()).isNull();
    assertThat(List.of(first, second)).containsExactlyInAnyOrder(retried, snoozed);
  }

  /**
   * A commit batch holds the rows it wrote SUCCESS to until it commits. A heartbeat over them and
   * over a row the batch has yet to reach skips the held row instead of waiting for it: waiting,
   * after locking the other, deadlocked with the batch. The lock timeout turns such a wait into a
   * failure here rather than a hang.
   */
  @Test
  void aHeartbeatSkipsARowAnotherTransactionHoldsAndCallsItBusy() throws Exception {
    Taskrow taskrow = engine(kind("k").maxAttempts(3).build());
    taskrow.submit(NewTask.of("k"));
    taskrow.submit(NewTask.of("k"));
    List<TaskRepository.Claimed> claimed = claim(taskrow, "w", 2);
    UUID held = claimed.get(0).task().id();
    UUID free = claimed.get(1).task().id();
    long heldToken = claimed.get(0).task().fenceToken();
    long freeToken = claimed.get(1).task().fenceToken();

    try (Connection batch = dataSource.getConnection();
        Connection beat = dataSource.getConnection()) {
      batch.setAutoCommit(false);
      assertThat(taskrow.repository().completeOne(batch, held, heldToken, "{}")).isTrue();
      beat.setAutoCommit(false);
      try (Statement s = beat.createStatement()) {
        s.execute("set local lock_timeout = '2s'");
      }
      TaskRepository.LeaseBeat result =
          taskrow
              .repository()
              .heartbeat(
                  beat,
                  new Object[] {held, free},
                  new Object[] {heldToken, freeToken},
                  new Object[] {LEASE.toMillis(), LEASE.toMillis()},
                  new Object[] {null, null});
      beat.commit();
      assertThat(result.owned()).containsOnlyKeys(free);
      assertThat(result.busy()).containsExactly(held);
      batch.commit();
    }
    assertThat(find(taskrow, held).status()).isEqualTo(TaskStatus.SUCCESS);
    assertThat(find(taskrow, free).lockedUntil()).isEqualTo(clock.instant().plus(LEASE));
  }

  @Test
  void aHeartbeatNeverExtendsALeasePastItsCap() throws Exception {
    Taskrow taskrow = engine(kind("k").maxAttempts(3).build());
    UUID id = taskrow.submit(NewTask.of("k"));
    long token = claim(taskrow, "w", 1).getFirst().task().fenceToken();
    Instant cap = clock.instant().plusSeconds(40);

    try (Connection c = dataSource.getConnection()) {
      TaskRepository repository = taskrow.repository();
      clock.advance(Duration.ofSeconds(5));
      repository.heartbeat(c, arr(id), arr(token), arr(LEASE.toMillis()), arr(cap.toString()));
      assertThat(find(taskrow, id).lockedUntil()).isEqualTo(clock.instant().plus(LEASE));
      clock.advance(Duration.ofSeconds(20));
      assertThat(
              repository
                  .heartbeat(c, arr(id), arr(token), arr(LEASE.toMillis()), arr(cap.toString()))
                  .owned())
          .containsEntry(id, false);
    }
    Task task = find(taskrow, id);
    assertThat(task.lockedUntil()).isEqualTo(cap);
    assertThat(task.dueAt()).isEqualTo(cap);
  }

  private List<TaskRepository.Claimed> claim(Taskrow taskrow, String worker, int limit)
      throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      return taskrow.repository().claim(c, "default", KINDS, LEASES, worker, limit, null);
    }
  }

  private Optional<TaskStatus> scheduleRetry(Taskrow taskrow, UUID id, long token, long delayMs)
      throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      return taskrow.repository().scheduleRetry(c, id, token, "TIMEOUT", "slow", delayMs);
    }
  }

  private List<UUID> release(Taskrow taskrow, UUID id, long token, Instant queuedSince)
      throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      return taskrow
          .repository()
          .release(c, new Object[] {id}, new Object[] {token}, arr(queuedSince.toString()));
    }
  }

  private List<TaskEvent> expireLeases(Taskrow taskrow, String queue) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      return taskrow.repository().expireLeases(c, queue);
    }
  }

  private static List<UUID> idsOf(List<TaskRepository.Claimed> claimed) {
    return claimed.stream().map(c -> c.task().id()).toList();
  }

  private static List<UUID> concat(List<UUID> a, List<UUID> b) {
    List<UUID> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  private static Object[] arr(Object value) {
    return new Object[] {value};
  }
}
