package dev.tools.bench;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * db-scheduler 16.12.0 configured from its README (https://github.com/kagkarlsson/db-scheduler
 * #configuration and #performance): polling strategy lock-and-fetch ("if you are running >1000
 * executions/s", Postgres only) with the fractions of its own benchmark table (20 threads, lower
 * 4.0, upper 20.0: 10,600 executions/s) or, for 200 threads, its "high throughput" example (1.0,
 * 4.0); a 100 ms polling interval (default 10 s); enableImmediateExecution (a submit from this JVM
 * runs at once); bulk submits with scheduleBatch. The table is its postgresql_tables.sql
 * (db-scheduler/src/test/resources/postgresql_tables.sql, with its migrations applied).
 */
final class DbSchedulerPeer implements Peer {
  static final int THREADS = 20;
  private static final Duration POLLING_INTERVAL = Duration.ofMillis(100);
  private static final String TABLE = "scheduled_tasks";
  private static final String DDL =
      """
      create table if not exists scheduled_tasks (
        task_name text not null,
        task_instance text not null,
        task_data bytea,
        execution_time timestamp with time zone,
        picked boolean not null,
        picked_by text,
        last_success timestamp with time zone,
        last_failure timestamp with time zone,
        consecutive_failures int,
        last_heartbeat timestamp with time zone,
        version bigint not null,
        priority smallint,
        state text,
        primary key (task_name, task_instance)
      );
      create index if not exists execution_time_idx on scheduled_tasks (execution_time);
      create index if not exists last_heartbeat_idx on scheduled_tasks (last_heartbeat);
      create index if not exists priority_execution_time_idx
        on scheduled_tasks (priority desc, execution_time asc);
      """;

  private final Database database;
  private IntConsumer onStart = seq -> {};
  private long handlerMillis;
  private final OneTimeTask<Void> task =
      Tasks.oneTime("bench-peer")
          .execute(
              (instance, context) -> {
                onStart.accept(Integer.parseInt(instance.getId()));
                PeerWorkload.simulateIo(handlerMillis);
              });
  private Scheduler scheduler;
  private SchedulerClient client;

  DbSchedulerPeer(Database database) {
    this.database = database;
  }

  @Override
  public String name() {
    return "db-scheduler 16.12.0";
  }

  @Override
  public String configuration(Mode mode) {
    int threads = mode.concurrencyOr(THREADS);
    double[] limits = limits(threads);
    return String.format(
        "threads %d, pollUsingLockAndFetch(%.1f, %.1f), pollingInterval %d ms,"
            + " enableImmediateExecution, scheduleBatch for bulk submits",
        threads, limits[0], limits[1], POLLING_INTERVAL.toMillis());
  }

  private static double[] limits(int threads) {
    return threads <= THREADS ? new double[] {4.0, 20.0} : new double[] {1.0, 4.0};
  }

  @Override
  public void reset() throws Exception {
    close();
    database.execute(DDL);
    database.execute("truncate " + TABLE);
    client = SchedulerClient.Builder.create(database.dataSource(), task).build();
  }

  @Override
  public void enqueueAll(int n) {
    Instant now = Instant.now();
    for (int from = 0; from < n; from += 1000) {
      List<TaskInstance<?>> batch = new ArrayList<>();
      for (int seq = from; seq < Math.min(n, from + 1000); seq++) {
        batch.add(task.instance(String.valueOf(seq)));
      }
      client.scheduleBatch(batch, now);
    }
  }

  @Override
  public void start(Mode mode, IntConsumer onStart) {
    this.onStart = onStart;
    this.handlerMillis = mode.handlerMillis();
    int threads = mode.concurrencyOr(THREADS);
    double[] limits = limits(threads);
    scheduler =
        Scheduler.create(database.dataSource(), task)
            .threads(threads)
            .pollingInterval(POLLING_INTERVAL)
            .pollUsingLockAndFetch(limits[0], limits[1])
            .enableImmediateExecution()
            .build();
    scheduler.start();
  }

  @Override
  public void submit(int seq) {
    (scheduler != null ? scheduler : client)
        .schedule(task.instance(String.valueOf(seq)), Instant.now());
  }

  /** A one-time task's row is deleted when it succeeds. */
  @Override
  public long pending() throws Exception {
    return database.queryLong("select count(*) from " + TABLE);
  }

  @Override
  public void close() {
    if (scheduler != null) {
      scheduler.stop();
      scheduler = null;
    }
  }
}
