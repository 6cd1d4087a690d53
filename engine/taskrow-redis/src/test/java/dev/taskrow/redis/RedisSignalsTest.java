package dev.taskrow.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import dev.taskrow.core.NewTask;
import dev.taskrow.core.SignalListener;
import dev.taskrow.core.TaskChange;
import dev.taskrow.core.TaskKind;
import dev.taskrow.core.TaskStatus;
import dev.taskrow.core.Taskrow;
import dev.taskrow.core.Worker;
import dev.taskrow.redis.testing.TestRedis;
import dev.taskrow.test.TestDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two "processes" (two pools, two engines, two Redis connections) on one PostgreSQL and one real
 * Redis. Workers poll every 30 s here unless a test says otherwise, so a task that runs within a
 * few seconds was woken by a Redis signal.
 */
class RedisSignalsTest {
  private static final Duration LONG_POLL = Duration.ofSeconds(30);
  private static TestRedis redis;
  private static HikariDataSource poolA;
  private static HikariDataSource poolB;

  private final List<AutoCloseable> cleanup = new ArrayList<>();

  @BeforeAll
  static void startServers() {
    redis = TestRedis.start();
    poolA = TestDatabase.newPool(4);
    poolB = TestDatabase.newPool(4);
  }

  @AfterAll
  static void stopServers() {
    redis.close();
    poolA.close();
    poolB.close();
  }

  @BeforeEach
  void emptyTable() {
    TestDatabase.truncate();
  }

  @AfterEach
  void closeAll() throws Exception {
    for (AutoCloseable c : cleanup.reversed()) {
      c.close();
    }
    if (!redis.isRunning()) {
      redis.startAgain();
    }
  }

  private static RedisSignals connected(RedisSignals signals) {
    await().atMost(Duration.ofSeconds(10)).until(signals::isConnected);
    return signals;
  }

  private Taskrow engine(HikariDataSource pool, RedisSignals signals, String kind) {
    return Taskrow.builder(pool).signals(signals).kind(TaskKind.named(kind).build()).build();
  }

  private Worker worker(Taskrow taskrow, String kind, Duration poll, Runnable onRun) {
    Worker worker =
        taskrow
            .worker()
            .pollInterval(poll)
            .queue("default", 2)
            .handler(kind, ctx -> onRun.run())
            .build()
            .start();
    cleanup.add(() -> worker.shutdown(Duration.ofSeconds(5)));
    return worker;
  }

  @Test
  void aSubmitOnOneInstanceWakesAnIdleWorkerOnAnother() throws Exception {
    String prefix = "wake-" + UUID.randomUUID();
    RedisSignals a = connected(track(new RedisSignals(redis.url(), prefix, sec(1), ms(500))));
    RedisSignals b = connected(track(new RedisSignals(redis.url(), prefix, sec(1), ms(500))));
    Taskrow submitter = engine(poolA, a, "wake");
    Taskrow runner = engine(poolB, b, "wake");
    AtomicInteger ran = new AtomicInteger();
    worker(runner, "wake", LONG_POLL, ran::incrementAndGet);
    // The first submit may race the worker's first poll; the next ones find it idle, waiting.
    submitter.submit(NewTask.of("wake"));
    await().atMost(Duration.ofSeconds(10)).until(() -> ran.get() == 1);
    for (int i = 2; i <= 4; i++) {
      submitter.submit(NewTask.of("wake"));
      int expected = i;
      await().atMost(Duration.ofSeconds(5)).until(() -> ran.get() == expected);
    }
  }

  @Test
  void taskChangesReachTheOtherInstance() throws Exception {
    String prefix = "change-" + UUID.randomUUID();
    RedisSignals a = connected(track(new RedisSignals(redis.url(), prefix, sec(1), ms(500))));
    RedisSignals b = connected(track(new RedisSignals(redis.url(), prefix, sec(1), ms(500))));
    List<TaskChange> seenOnB = new CopyOnWriteArrayList<>();
    b.subscribe(
        new SignalListener() {
          @Override
          public void onTaskChanged(TaskChange change) {
            seenOnB.add(change);
          }
        });
    Taskrow taskrow = engine(poolA, a, "change");
    UUID id = taskrow.submit(NewTask.of("change"));
    worker(taskrow, "change", Duration.ofMillis(100), () -> {});
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> seenOnB.contains(new TaskChange(id, "default", TaskStatus.SUCCESS)));
    assertThat(seenOnB).contains(new TaskChange(id, "default", TaskStatus.PROCESSING));
  }

  @Test
  void withRedisDownWorkStillCompletesByPollingAndSignalsResumeWhenItReturns() throws Exception {
    String prefix = "outage-" + UUID.randomUUID();
    RedisSignals a = connected(track(new RedisSignals(redis.url(), prefix, sec(1), ms(500))));
    RedisSignals b = connected(track(new RedisSignals(redis.url(), prefix, sec(1), ms(500))));
    List<UUID> changedOnB = new CopyOnWriteArrayList<>();
    b.subscribe(
        new SignalListener() {
          @Override
          public void onTaskChanged(TaskChange change) {
            if (change.status() == TaskStatus.SUCCESS) {
              changedOnB.add(change.taskId());
            }
          }
        });
    Taskrow submitter = engine(poolA, a, "outage");
    Taskrow runner = engine(poolB, b, "outage");
    AtomicInteger ran = new AtomicInteger();
    // Polls every 300 ms: the backstop while Redis is down.
    worker(runner, "outage", Duration.ofMillis(300), ran::incrementAndGet);

    redis.stop();
    await().atMost(Duration.ofSeconds(10)).until(() -> !a.isConnected() && !b.isConnected());
    long submitted = System.nanoTime();
    for (int i = 0; i < 5; i++) {
      submitter.submit(NewTask.of("outage")); // publishing fails fast and silently
    }
    assertThat(Duration.ofNanos(System.nanoTime() - submitted)).isLessThan(Duration.ofSeconds(1));
    await().atMost(Duration.ofSeconds(10)).until(() -> ran.get() == 5);
    assertThat(changedOnB).isEmpty();

    redis.startAgain();
    await().atMost(Duration.ofSeconds(15)).until(() -> a.isConnected() && b.isConnected());
    UUID afterRestart = submitter.submit(NewTask.of("outage"));
    await().atMost(Duration.ofSeconds(10)).until(() -> changedOnB.contains(afterRestart));
  }

  @Test
  void redisDownAtStartUpIsRetriedInTheBackground() throws Exception {
    redis.stop();
    RedisSignals signals = track(new RedisSignals(redis.url(), "late", sec(1), ms(500)));
    assertThat(signals.isConnected()).isFalse();
    signals.queueHasWork("default"); // no exception, no blocking
    redis.startAgain();
    connected(signals);
  }

  @Test
  void bigBatchesAreSplitIntoSeveralMessages() {
    List<TaskChange> many = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      many.add(new TaskChange(UUID.randomUUID(), "some-queue", TaskStatus.SUCCESS));
    }
    List<String> payloads = RedisSignals.taskPayloads(many);
    assertThat(payloads).hasSizeGreaterThan(1);
    assertThat(payloads).allSatisfy(p -> assertThat(p.length()).isLessThanOrEqualTo(64 * 1024));
    assertThat(payloads.stream().mapToInt(p -> p.split("\n").length).sum()).isEqualTo(5000);
  }

  private RedisSignals track(RedisSignals signals) {
    cleanup.add(signals);
    return signals;
  }

  private static Duration sec(int s) {
    return Duration.ofSeconds(s);
  }

  private static Duration ms(int m) {
    return Duration.ofMillis(m);
  }
}
