package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.taskrow.test.TestDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A transactional task holds a pooled connection only from its first database use to commit; the
 * engine's own statements commit whatever the pool's autocommit default.
 */
class ConnectionUseTest extends EngineTest {

  @Test
  void tasksWaitingOnSlowCallsDoNotHoldConnections() throws Exception {
    try (HikariDataSource smallPool = TestDatabase.newPool(3)) {
      smallPool.setConnectionTimeout(2_000);
      Taskrow taskrow = Taskrow.builder(smallPool).kind(kind("k").build()).build();
      List<UUID> ids = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        ids.add(taskrow.submit(NewTask.of("k")));
      }
      CountDownLatch allWaiting = new CountDownLatch(8);
      CountDownLatch answer = new CountDownLatch(1);
      Worker worker =
          start(
              taskrow
                  .worker()
                  .pollInterval(Duration.ofMillis(20))
                  .queue("default", 8)
                  .handler(
                      "k",
                      ctx -> {
                        allWaiting.countDown(); // the slow external call, before any write
                        answer.await();
                        writeEffect(ctx, "w");
                      }));

      // Eight handlers wait at once on a pool of three connections.
      assertThat(allWaiting.await(20, TimeUnit.SECONDS)).isTrue();
      answer.countDown();
      for (UUID id : ids) {
        awaitStatus(taskrow, id, TaskStatus.SUCCESS);
      }
      assertThat(count("select count(*) from test_effect")).isEqualTo(8);
      worker.shutdown(Duration.ofSeconds(5));
    }
  }

  @Test
  void aPoolWhoseConnectionsDoNotAutocommitStillRunsEveryTask() throws Exception {
    HikariDataSource shared = (HikariDataSource) dataSource;
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(shared.getJdbcUrl());
    config.setUsername(shared.getUsername());
    config.setPassword(shared.getPassword());
    config.setMaximumPoolSize(4);
    config.setAutoCommit(false);
    try (HikariDataSource pool = new HikariDataSource(config)) {
      Taskrow taskrow =
          Taskrow.builder(pool)
              .kind(kind("k").build())
              .kind(kind("b").transactional(false).build())
              .build();
      Worker worker =
          start(
              taskrow
                  .worker()
                  .pollInterval(Duration.ofMillis(20))
                  .queue("default", 4)
                  .handler("k", ctx -> writeEffect(ctx, "w"))
                  .handler("b", ctx -> {}));
      List<UUID> ids = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        ids.add(taskrow.submit(NewTask.of(i % 2 == 0 ? "k" : "b")));
      }
      for (UUID id : ids) {
        awaitStatus(taskrow, id, TaskStatus.SUCCESS);
      }
      assertThat(count("select count(*) from test_effect")).isEqualTo(5);
      worker.shutdown(Duration.ofSeconds(5));
    }
  }
}
