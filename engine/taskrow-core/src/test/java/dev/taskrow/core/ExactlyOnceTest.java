package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import dev.taskrow.test.TestDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Four workers, each with its own pool like a separate process, share one queue. */
class ExactlyOnceTest extends EngineTest {
  private final List<HikariDataSource> pools = new ArrayList<>();

  @AfterEach
  void closePools() {
    pools.forEach(HikariDataSource::close);
  }

  @Test
  void fourWorkersRunTenThousandTasksEachEffectExactlyOnce() throws Exception {
    int tasks = 10_000;
    Taskrow submitter = engine(dataSource);
    List<NewTask> batch = new ArrayList<>();
    for (int i = 0; i < tasks; i++) {
      batch.add(NewTask.of("k").payload("{\"n\": " + i + "}"));
    }
    submitter.inTransaction(tx -> submitter.submitAll(tx, batch));

    for (int w = 0; w < 4; w++) {
      HikariDataSource pool = TestDatabase.newPool(10);
      pools.add(pool);
      String name = "worker-" + w;
      start(
          engine(pool)
              .worker()
              .id(name)
              .pollInterval(Duration.ofMillis(50))
              .batchSize(20)
              .queue("default", 8)
              .handler("k", ctx -> writeEffect(ctx, name)));
    }

    // A bound for a stuck drain, not a speed check (that is the bench's job): on a quiet 2-core
    // machine this drains in ~7 s, under a load of 20 it took 25-36 s.
    awaitTrue(
        () ->
            count("select count(*) from taskrow_task where status in ('SUCCESS', 'FAILED')")
                == tasks,
        Duration.ofSeconds(120));
    assertThat(count("select count(*) from taskrow_task where status = 'SUCCESS'"))
        .isEqualTo(tasks);
    assertThat(count("select count(*) from test_effect")).isEqualTo(tasks);
    assertThat(count("select count(distinct task_id) from test_effect")).isEqualTo(tasks);
    assertThat(count("select count(*) from taskrow_task where attempt_count <> 1")).isZero();
    // The work really was shared.
    assertThat(count("select count(distinct worker) from test_effect")).isEqualTo(4);
  }

  private static Taskrow engine(javax.sql.DataSource pool) {
    return Taskrow.builder(pool).signals(new InProcessSignals()).kind(kind("k").build()).build();
  }
}
