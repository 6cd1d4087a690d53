package dev.tools.faults;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.taskrow.core.InProcessSignals;
import dev.taskrow.core.PostgresSignals;
import dev.taskrow.core.Signals;
import dev.taskrow.core.Taskrow;
import dev.taskrow.core.Worker;
import dev.taskrow.redis.RedisSignals;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * One worker process of the suite: an engine on the given database and signals, running {@link
 * FaultTask} until it is killed (SIGKILL: nothing handed back) or terminated (SIGTERM: the shutdown
 * hook hands unfinished tasks back, as a deployment's stop would). Prints {@code READY <worker id>}
 * on stdout once it is claiming.
 *
 * <p>Arguments are {@code key=value}: jdbc, signals (postgres|redis|none), redis, id, concurrency,
 * sleep-ms (the handler's simulated I/O, inside the transaction), poll-ms, commit-batch (how many
 * tasks may share a commit, 1 by default).
 */
public final class FaultWorkerMain {
  private FaultWorkerMain() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> arg = parse(args);
    String id = arg.get("id");
    int concurrency = Integer.parseInt(arg.getOrDefault("concurrency", "8"));
    long sleepMs = Long.parseLong(arg.getOrDefault("sleep-ms", "0"));
    Duration poll = Duration.ofMillis(Long.parseLong(arg.getOrDefault("poll-ms", "1000")));
    int commitBatch = Integer.parseInt(arg.getOrDefault("commit-batch", "1"));

    HikariConfig pool = new HikariConfig();
    pool.setJdbcUrl(arg.get("jdbc"));
    pool.setUsername("postgres");
    // A transactional handler holds one connection; the claim, heartbeat, completion and LISTEN
    // threads need a few more.
    pool.setMaximumPoolSize(concurrency + 6);
    pool.setConnectionTimeout(10_000);
    // The database may be restarted under us: start even if it is down, and let the pool retry.
    pool.setInitializationFailTimeout(-1);
    pool.setPoolName(id);
    HikariDataSource dataSource = new HikariDataSource(pool);

    Signals signals =
        switch (arg.getOrDefault("signals", "postgres")) {
          case "postgres" -> new PostgresSignals(dataSource);
          case "redis" -> new RedisSignals(arg.get("redis"));
          case "none" -> new InProcessSignals();
          default -> throw new IllegalArgumentException("signals=" + arg.get("signals"));
        };
    Taskrow taskrow =
        Taskrow.builder(dataSource).signals(signals).kind(FaultTask.taskKind(commitBatch)).build();
    Worker worker =
        taskrow
            .worker()
            .id(id)
            .queue(FaultTask.QUEUE, concurrency)
            .pollInterval(poll)
            .handler(
                FaultTask.KIND,
                ctx -> {
                  try (PreparedStatement insert =
                      ctx.connection().prepareStatement(FaultTask.INSERT_EFFECT)) {
                    insert.setObject(1, ctx.taskId());
                    insert.setString(2, id);
                    insert.executeUpdate();
                  }
                  if (sleepMs > 0) {
                    Thread.sleep(sleepMs);
                  }
                })
            .start();

    runUntilStopped(worker, dataSource);
  }

  /**
   * Prints {@code READY <worker id>} and waits until SIGTERM, whose shutdown hook hands back what
   * is unfinished (what a rolling deployment's stop does) and closes the pool; SIGKILL skips it,
   * which is the point of the suite. Every worker process of the suite ends this way.
   */
  static void runUntilStopped(Worker worker, HikariDataSource dataSource)
      throws InterruptedException {
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  worker.shutdown(Duration.ofSeconds(10));
                  dataSource.close();
                  stopped.countDown();
                },
                "shutdown"));
    new PrintStream(System.out, true, StandardCharsets.UTF_8).println("READY " + worker.id());
    stopped.await();
  }

  static Map<String, String> parse(String[] args) {
    Map<String, String> map = new HashMap<>();
    for (String a : args) {
      int eq = a.indexOf('=');
      if (eq < 0) {
        throw new IllegalArgumentException("expected key=value, got " + a);
      }
      map.put(a.substring(0, eq), a.substring(eq + 1));
    }
    return map;
  }
}
