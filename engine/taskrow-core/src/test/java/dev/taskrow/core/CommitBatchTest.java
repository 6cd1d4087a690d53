package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A transactional kind whose tasks share commits ({@link TaskKind#commitBatch()}): tasks waiting
 * together commit in one transaction, a failing handler's writes roll back alone, and a batch whose
 * transaction fails loses and doubles nothing; a task fenced off commits nothing of its own.
 *
 * <p>Each test makes its batch the same way: with one lane (concurrency 4, batches of 4), a "gate"
 * task's handler holds the lane while three more tasks are claimed and wait; the gate opens, and
 * the next leader takes all three into one transaction.
 */
class CommitBatchTest extends EngineTest {
  private final CountDownLatch gate = new CountDownLatch(1);
  private final CountDownLatch gateStarted = new CountDownLatch(1);
  // The transaction each attempt ran in, by subject; kept outside the database, so a rolled-back
  // attempt's transaction is known too.
  private final Map<String, List<Long>> transactions = new ConcurrentHashMap<>();

  @Test
  void waitingTasksShareOneCommitAndAFailingHandlerRollsBackAlone() throws Exception {
    Taskrow taskrow = engine(kind("k").commitBatch(4).maxAttempts(1).build());
    Worker worker =
        start(
            taskrow
                .worker()
                .pollInterval(Duration.ofMillis(20))
                .queue("default", 4)
                .handler("k", this::handle));
    UUID gateId = openBatchBehindTheGate(taskrow, worker, List.of("ok-1", "fail", "ok-2"));

    gate.countDown();
    Map<String, UUID> ids = idsBySubject(taskrow);
    awaitStatus(taskrow, ids.get("ok-1"), TaskStatus.SUCCESS);
    awaitStatus(taskrow, ids.get("ok-2"), TaskStatus.SUCCESS);
    awaitStatus(taskrow, ids.get("fail"), TaskStatus.FAILED);
    awaitStatus(taskrow, gateId, TaskStatus.SUCCESS);

    // One commit for the three; the gate had its own.
    assertThat(transactions.get("ok-1")).hasSize(1).isEqualTo(transactions.get("ok-2"));
    assertThat(transactions.get("fail")).isEqualTo(transactions.get("ok-1"));
    assertThat(transactions.get("gate")).doesNotContainAnyElementsOf(transactions.get("ok-1"));
    // The failing handler wrote its effect too: rolled back to its savepoint, the others stayed.
    assertThat(effects(ids.get("ok-1"))).isEqualTo(1);
    assertThat(effects(ids.get("ok-2"))).isEqualTo(1);
    assertThat(effects(ids.get("fail"))).isZero();
    assertThat(effects(gateId)).isEqualTo(1);
    Task failed = find(taskrow, ids.get("fail"));
    assertThat(failed.errorCode()).isEqualTo("BAD_INPUT");
    assertThat(failed.attemptCount()).isEqualTo(1);
  }

  @Test
  void aBatchWhoseTransactionFailsIsRetriedWholeWithNothingDoubled() throws Exception {
    Taskrow taskrow = engine(kind("k").commitBatch(4).maxAttempts(2).build());
    Worker worker =
        start(
            taskrow
                .worker()
                .pollInterval(Duration.ofMillis(20))
                .queue("default", 4)
                .handler("k", this::handle));
    UUID gateId = openBatchBehindTheGate(taskrow, worker, List.of("ok-1", "kill", "ok-2"));

    gate.countDown();
    Map<String, UUID> ids = idsBySubject(taskrow);
    UUID killer = ids.get("kill");
    // The batch's connection dies under it: nothing it ran committed, each of those waits for a
    // retry. One it had not reached yet runs in the next batch, its first attempt.
    awaitTrue(
        () -> {
          Task t = taskrow.find(killer).orElseThrow();
          return t.isWaitingForRetry()
              && ErrorCodes.TRANSIENT_DATABASE_ERROR.equals(t.lastErrorCode());
        });
    // The batches that ran the others may still be starting: wait until each has said its own.
    awaitTrue(
        () ->
            List.of("ok-1", "kill", "ok-2").stream()
                .allMatch(s -> transactions.containsKey(s) && !transactions.get(s).isEmpty()));
    long killed = transactions.get("kill").get(0);
    List<String> inKilledBatch =
        List.of("ok-1", "kill", "ok-2").stream()
            .filter(s -> transactions.get(s).get(0) == killed)
            .toList();
    for (String subject : inKilledBatch) {
      awaitTrue(() -> taskrow.find(ids.get(subject)).orElseThrow().isWaitingForRetry());
      assertThat(effects(ids.get(subject))).as(subject).isZero();
    }
    awaitStatus(taskrow, gateId, TaskStatus.SUCCESS);

    clock.advance(Duration.ofSeconds(10));
    for (String subject : List.of("ok-1", "kill", "ok-2")) {
      UUID id = ids.get(subject);
      awaitStatus(taskrow, id, TaskStatus.SUCCESS);
      assertThat(find(taskrow, id).attemptCount())
          .as(subject)
          .isEqualTo(inKilledBatch.contains(subject) ? 2 : 1);
      assertThat(effects(id)).as(subject).isEqualTo(1);
    }
    assertThat(find(taskrow, gateId).attemptCount()).isEqualTo(1);
  }

  @Test
  void aTaskWhoseLeaseWasLostCommitsNothingAndItsBatchCommitsTheRest() throws Exception {
    Taskrow taskrow = engine(kind("k").commitBatch(4).maxAttempts(1).build());
    Worker worker =
        start(
            taskrow
                .worker()
                .pollInterval(Duration.ofMillis(20))
                .queue("default", 4)
                .handler("k", this::handle));
    UUID gateId = openBatchBehindTheGate(taskrow, worker, List.of("ok-1", "stolen", "ok-2"));

    gate.countDown();
    Map<String, UUID> ids = idsBySubject(taskrow);
    awaitStatus(taskrow, ids.get("ok-1"), TaskStatus.SUCCESS);
    awaitStatus(taskrow, ids.get("ok-2"), TaskStatus.SUCCESS);
    awaitStatus(taskrow, gateId, TaskStatus.SUCCESS);
    awaitTrue(() -> worker.runningCount() == 0);

    // Another claim took it while its handler ran: its SUCCESS matched no row, so its effect went
    // with its savepoint, and the row is the new owner's.
    Task stolen = find(taskrow, ids.get("stolen"));
    assertThat(stolen.status()).isEqualTo(TaskStatus.PROCESSING);
    assertThat(stolen.fenceToken()).isEqualTo(2);
    assertThat(effects(ids.get("stolen"))).isZero();
    assertThat(effects(ids.get("ok-1"))).isEqualTo(1);
    assertThat(effects(ids.get("ok-2"))).isEqualTo(1);
    assertThat(transactions.get("stolen")).isEqualTo(transactions.get("ok-1"));
    assertThat(transactions.get("ok-2")).isEqualTo(transactions.get("ok-1"));
  }

  @Test
  void aBatchIsForTransactionalKindsAndAtMostSixtyFourTasks() {
    assertThatThrownBy(() -> kind("k").transactional(false).commitBatch(8).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("commitBatch applies to transactional kinds");
    assertThatThrownBy(() -> kind("k").commitBatch(65).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("k: commitBatch must be 1..64, was 65");
    assertThatThrownBy(() -> kind("k").commitBatch(0).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("k: commitBatch must be 1..64, was 0");
    assertThat(kind("k").build().commitsInBatches()).isFalse();
    assertThat(kind("k").commitBatch(64).build().commitsInBatches()).isTrue();
  }

  /**
   * Submits the gate and, once its handler holds the kind's one lane, the tasks of {@code
   * subjects}; returns when all of them wait for the next batch.
   */
  private UUID openBatchBehindTheGate(Taskrow taskrow, Worker worker, List<String> subjects)
      throws Exception {
    UUID gateId = taskrow.submit(NewTask.of("k").subject("gate"));
    assertThat(gateStarted.await(20, TimeUnit.SECONDS)).isTrue();
    for (String subject : subjects) {
      taskrow.submit(NewTask.of("k").subject(subject));
    }
    awaitTrue(() -> worker.waitingForBatch("k") == subjects.size());
    return gateId;
  }

  private void handle(TaskContext ctx) throws Exception {
    String subject = ctx.subject();
    transactions
        .computeIfAbsent(subject, s -> new CopyOnWriteArrayList<>())
        .add(currentTransaction(ctx.connection()));
    writeEffect(ctx, subject);
    switch (subject) {
      case "gate" -> {
        gateStarted.countDown();
        assertThat(gate.await(20, TimeUnit.SECONDS)).isTrue();
      }
      case "stolen" -> {
        try (Connection other = dataSource.getConnection();
            Statement s = other.createStatement()) {
          s.executeUpdate(
              "update taskrow_task set fence_token = fence_token + 1 where id = '"
                  + ctx.taskId()
                  + "'");
        }
      }
      case "fail" -> throw TaskFailure.fatal("BAD_INPUT", "this one is refused");
      case "kill" -> {
        if (transactions.get("kill").size() == 1) {
          try (Statement s = ctx.connection().createStatement()) {
            s.execute("select pg_terminate_backend(pg_backend_pid())");
          }
        }
      }
      default -> {}
    }
  }

  private static long currentTransaction(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select txid_current()")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private Map<String, UUID> idsBySubject(Taskrow taskrow) throws SQLException {
    Map<String, UUID> ids = new ConcurrentHashMap<>();
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery("select subject, id from taskrow_task where subject <> 'gate'")) {
      while (rs.next()) {
        ids.put(rs.getString(1), rs.getObject(2, UUID.class));
      }
    }
    return ids;
  }
}
