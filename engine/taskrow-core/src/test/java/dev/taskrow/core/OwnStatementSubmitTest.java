package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link Taskrow#submit(NewTask)} is one autocommit statement, taken or not: the insert commits by
 * itself, one round trip where a transaction takes two (the insert, then COMMIT). The engine's data
 * source here counts the commits its connections are asked for on the submitting thread: there must
 * be none, and the row must be there as soon as the call returns.
 */
class OwnStatementSubmitTest extends EngineTest {
  // Counted on the test's thread only: the worker's own bookkeeping commits on its threads.
  private final Thread testThread = Thread.currentThread();
  private final AtomicInteger commits = new AtomicInteger();
  private final AtomicInteger autoCommitOff = new AtomicInteger();
  // Handlers hold until the test has read the row: a finished task no longer names its worker.
  private final CountDownLatch release = new CountDownLatch(1);

  @AfterEach
  void releaseHandlers() {
    release.countDown();
  }

  @Test
  void aSubmitNoWorkerTakesCommitsByItself() throws Exception {
    Taskrow taskrow = countingEngine();
    CountDownLatch woken = new CountDownLatch(1);
    try (AutoCloseable subscription = subscribe(taskrow, woken)) {
      UUID id = taskrow.submit(NewTask.of("k"));

      assertThat(find(taskrow, id).status()).isEqualTo(TaskStatus.PENDING);
      assertThat(commits).hasValue(0);
      assertThat(autoCommitOff).hasValue(0);
      // The signal still goes out, once the statement has returned.
      assertThat(woken.await(10, TimeUnit.SECONDS)).as("queue signalled").isTrue();
    }
  }

  @Test
  void aTakenSubmitCommitsByItself() throws Exception {
    Taskrow taskrow = countingEngine();
    CountDownLatch ran = new CountDownLatch(1);
    Worker worker = idleWorker(taskrow, ran);

    UUID id = taskrow.submit(NewTask.of("k"));

    assertThat(commits).hasValue(0);
    assertThat(autoCommitOff).hasValue(0);
    Task row = find(taskrow, id);
    assertThat(row.status()).isEqualTo(TaskStatus.PROCESSING);
    assertThat(row.lockedBy()).isEqualTo(worker.id());
    assertThat(ran.await(10, TimeUnit.SECONDS)).as("the taken task ran").isTrue();
    release.countDown();
    awaitStatus(taskrow, id, TaskStatus.SUCCESS);
  }

  @Test
  void aTakenSubmitToAPausedQueueWaitsPendingInTheTable() throws Exception {
    Taskrow taskrow = countingEngine();
    CountDownLatch ran = new CountDownLatch(1);
    idleWorker(taskrow, ran);
    assertThat(taskrow.pause("default")).isTrue();

    UUID id = taskrow.submit(NewTask.of("k"));

    Task row = find(taskrow, id);
    assertThat(row.status()).isEqualTo(TaskStatus.PENDING);
    assertThat(row.lockedBy()).isNull();
    assertThat(count("select count(*) from taskrow_task where id = '" + id + "'")).isEqualTo(1);
    assertThat(ran.getCount()).as("nothing ran in a paused queue").isEqualTo(1);
  }

  private Taskrow countingEngine() {
    InProcessSignals signals = new InProcessSignals();
    return Taskrow.builder(counting(dataSource))
        .clock(clock)
        .signals(signals)
        .kind(kind("k").build())
        .build();
  }

  private static AutoCloseable subscribe(Taskrow taskrow, CountDownLatch woken) {
    return taskrow
        .signals()
        .subscribe(
            new SignalListener() {
              @Override
              public void onQueueHasWork(String queue) {
                woken.countDown();
              }
            });
  }

  private Worker idleWorker(Taskrow taskrow, CountDownLatch ran) {
    Worker worker =
        start(
            taskrow
                .worker()
                .pollInterval(Duration.ofMinutes(1))
                .queue("default", 2)
                .handler(
                    "k",
                    ctx -> {
                      ran.countDown();
                      release.await();
                    }));
    awaitTrue(() -> worker.claimsDone() >= 1);
    return worker;
  }

  /** The real data source, its connections counting commit() and setAutoCommit(false) calls. */
  private DataSource counting(DataSource real) {
    return (DataSource)
        Proxy.newProxyInstance(
            getClass().getClassLoader(),
            new Class<?>[] {DataSource.class},
            (proxy, method, args) -> {
              Object result = invoke(real, method, args);
              return result instanceof Connection c ? countingConnection(c) : result;
            });
  }

  private Connection countingConnection(Connection real) {
    return (Connection)
        Proxy.newProxyInstance(
            getClass().getClassLoader(),
            new Class<?>[] {Connection.class},
            (proxy, method, args) -> {
              if (Thread.currentThread() == testThread) {
                if (method.getName().equals("commit")) {
                  commits.incrementAndGet();
                } else if (method.getName().equals("setAutoCommit") && !(Boolean) args[0]) {
                  autoCommitOff.incrementAndGet();
                }
              }
              return invoke(real, method, args);
            });
  }

  private static Object invoke(Object target, java.lang.reflect.Method method, Object[] args)
      throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
