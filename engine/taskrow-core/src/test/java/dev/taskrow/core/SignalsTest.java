package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Signals cut latency; they are never needed for correctness. */
class SignalsTest extends EngineTest {
  // Long enough that a task starting sooner proves a signal woke the worker.
  private static final Duration LONG_POLL = Duration.ofSeconds(30);

  @Test
  void inProcessSignalWakesAnIdleWorker() throws Exception {
    assertWakesIdleWorker(new InProcessSignals());
  }

  @Test
  void postgresNotifyWakesAnIdleWorker() throws Exception {
    try (PostgresSignals signals = new PostgresSignals(dataSource)) {
      assertWakesIdleWorker(signals);
    }
  }

  private void assertWakesIdleWorker(Signals signals) throws Exception {
    Taskrow taskrow = Taskrow.builder(dataSource).signals(signals).kind(kind("k").build()).build();
    CountDownLatch ran = new CountDownLatch(2);
    start(
        taskrow
            .worker()
            // A submit taken by its own process's worker sends no signal; this test is about the
            // signal, so every task goes through the table.
            .takesOwnSubmits(false)
            .pollInterval(LONG_POLL)
            .queue("default", 1)
            .handler("k", ctx -> ran.countDown()));
    // The first submit may race the worker's first poll; the second finds it idle, waiting.
    taskrow.submit(NewTask.of("k"));
    awaitTrue(() -> ran.getCount() == 1);
    long submitted = System.nanoTime();
    taskrow.submit(NewTask.of("k"));
    assertThat(ran.await(5, TimeUnit.SECONDS)).isTrue();
    assertThat(Duration.ofNanos(System.nanoTime() - submitted)).isLessThan(Duration.ofSeconds(5));
  }

  @Test
  void aSignalInsideARolledBackTransactionIsNeverSent() throws Exception {
    try (PostgresSignals signals = new PostgresSignals(dataSource)) {
      List<String> queues = new CopyOnWriteArrayList<>();
      signals.subscribe(
          new SignalListener() {
            @Override
            public void onQueueHasWork(String queue) {
              queues.add(queue);
            }
          });
      Taskrow taskrow =
          Taskrow.builder(dataSource)
              .signals(signals)
              .kind(kind("k").queue("rolled-back").build())
              .kind(kind("k2").queue("committed").build())
              .build();
      try {
        taskrow.inTransaction(
            tx -> {
              taskrow.submit(tx, NewTask.of("k"));
              throw new IllegalStateException("roll back");
            });
      } catch (IllegalStateException expected) {
        // the submit is rolled back with its signal
      }
      taskrow.submit(NewTask.of("k2"));
      awaitTrue(() -> queues.contains("committed"));
      assertThat(queues).doesNotContain("rolled-back");
      assertThat(count("select count(*) from taskrow_task where queue = 'rolled-back'")).isZero();
    }
  }

  @Test
  void taskChangesArriveOverPostgres() throws Exception {
    try (PostgresSignals signals = new PostgresSignals(dataSource)) {
      List<TaskChange> changes = new CopyOnWriteArrayList<>();
      signals.subscribe(
          new SignalListener() {
            @Override
            public void onTaskChanged(TaskChange change) {
              changes.add(change);
            }
          });
      Taskrow taskrow =
          Taskrow.builder(dataSource).signals(signals).kind(kind("k").build()).build();
      UUID id = taskrow.submit(NewTask.of("k"));
      start(
          taskrow
              .worker()
              .pollInterval(Duration.ofMillis(50))
              .queue("default", 1)
              .handler("k", ctx -> {}));

      awaitTrue(() -> changes.contains(new TaskChange(id, "default", TaskStatus.SUCCESS)));
      assertThat(changes).contains(new TaskChange(id, "default", TaskStatus.PROCESSING));
    }
  }

  @Test
  void everySignalLostStillCompletesEverything() throws Exception {
    Taskrow taskrow =
        Taskrow.builder(dataSource)
            .signals(Signals.none())
            .kind(kind("k").build())
            .kind(kind("b").transactional(false).build())
            .build();
    start(
        taskrow
            .worker()
            .pollInterval(Duration.ofMillis(100))
            .queue("default", 8)
            .handler("k", ctx -> writeEffect(ctx, "w"))
            .handler("b", ctx -> {}));
    List<UUID> ids = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      ids.add(taskrow.submit(NewTask.of(i % 2 == 0 ? "k" : "b")));
    }
    awaitTrue(() -> count("select count(*) from taskrow_task where status = 'SUCCESS'") == 100);
    assertThat(count("select count(*) from test_effect")).isEqualTo(50);
  }

  @Test
  void hintsAreSentThroughAPoolWhoseConnectionsDoNotAutocommit() throws Exception {
    HikariDataSource shared = (HikariDataSource) dataSource;
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(shared.getJdbcUrl());
    config.setUsername(shared.getUsername());
    config.setPassword(shared.getPassword());
    config.setMaximumPoolSize(2);
    config.setAutoCommit(false);
    try (HikariDataSource pool = new HikariDataSource(config);
        PostgresSignals listener = new PostgresSignals(dataSource);
        PostgresSignals sender = new PostgresSignals(pool)) {
      List<String> queues = new CopyOnWriteArrayList<>();
      listener.subscribe(
          new SignalListener() {
            @Override
            public void onQueueHasWork(String queue) {
              queues.add(queue);
            }
          });
      sender.queueHasWork("no-autocommit");
      awaitTrue(() -> queues.contains("no-autocommit"));
    }
  }

  @Test
  void taskPayloadsArePackedUnderTheNotifyLimit() {
    List<TaskChange> many = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      many.add(new TaskChange(UUID.randomUUID(), "some-queue", TaskStatus.SUCCESS));
    }
    List<String> payloads = PostgresSignals.taskPayloads(many);
    assertThat(payloads).allSatisfy(p -> assertThat(p.length()).isLessThan(8000));
    assertThat(payloads.stream().mapToInt(p -> p.split("\n").length).sum()).isEqualTo(1000);
  }

  @Test
  void taskChangesSurviveTheWireAndGarbageIsSkipped() {
    TaskChange change = new TaskChange(UUID.randomUUID(), "ocr", TaskStatus.PROCESSING);
    List<String> payloads = TaskChangeCodec.encode(List.of(change, change), 8000);
    assertThat(payloads).hasSize(1);
    assertThat(TaskChangeCodec.decode(payloads.getFirst())).containsExactly(change, change);
    assertThat(TaskChangeCodec.decode("nonsense\nnot-a-uuid SUCCESS q\n" + payloads.getFirst()))
        .containsExactly(change, change);
  }

  @Test
  void aSubmitOnARawConnectionStillWakesThroughNotifyInItsTransaction() throws Exception {
    try (PostgresSignals signals = new PostgresSignals(dataSource)) {
      Taskrow taskrow =
          Taskrow.builder(dataSource).signals(signals).kind(kind("k").build()).build();
      CountDownLatch ran = new CountDownLatch(2);
      start(
          taskrow
              .worker()
              .pollInterval(LONG_POLL)
              .queue("default", 1)
              .handler("k", ctx -> ran.countDown()));
      taskrow.submit(NewTask.of("k"));
      awaitTrue(() -> ran.getCount() == 1);

      try (java.sql.Connection c = dataSource.getConnection()) {
        c.setAutoCommit(false);
        taskrow.submit(Tx.of(c), NewTask.of("k"));
        c.commit();
      }
      assertThat(ran.await(5, TimeUnit.SECONDS)).isTrue();
    }
  }
}
