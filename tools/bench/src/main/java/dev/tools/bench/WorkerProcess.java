package dev.tools.bench;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.taskrow.core.Signals;
import dev.taskrow.core.TaskKind;
import dev.taskrow.core.Taskrow;
import dev.taskrow.core.Worker;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * One worker process of the processes workload: a taskrow worker on the no-op kind, woken by
 * LISTEN/NOTIFY like a deployment's instances. Prints {@code ready} once its worker runs and stops
 * when its standard input closes. Arguments: jdbc-url user password queue concurrency batch
 * completion-batch.
 */
public final class WorkerProcess {
  private WorkerProcess() {}

  public static void main(String[] args) throws Exception {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(args[0]);
    config.setUsername(args[1]);
    config.setPassword(args[2]);
    config.setMaximumPoolSize(8);
    config.setPoolName("bench-worker");
    String queue = args[3];
    int concurrency = Integer.parseInt(args[4]);
    int batch = Integer.parseInt(args[5]);
    int completionBatch = Integer.parseInt(args[6]);
    try (HikariDataSource dataSource = new HikariDataSource(config);
        Signals signals = SignalsChoice.POSTGRES.create(dataSource)) {
      Taskrow taskrow =
          Taskrow.builder(dataSource)
              .kind(
                  TaskKind.named(ProcessesWorkload.KIND)
                      .queue(queue)
                      .maxAttempts(1)
                      .transactional(false)
                      .build())
              .signals(signals)
              .build();
      Worker worker =
          taskrow
              .worker()
              .queue(queue, concurrency)
              .batchSize(batch)
              .completionBatchSize(completionBatch)
              .handler(ProcessesWorkload.KIND, context -> {})
              .start();
      System.out.println("ready");
      System.out.flush();
      try (BufferedReader in =
          new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
        while (in.readLine() != null) {
          // Any line is ignored; the end of input is the signal to stop.
        }
      }
      worker.shutdown(Duration.ofSeconds(10));
    }
  }
}
