package dev.tools.bench;

import dev.taskrow.core.NewTask;
import dev.taskrow.core.Signals;
import dev.taskrow.core.TaskKind;
import dev.taskrow.core.Taskrow;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The drain with 1, 2 or 4 worker processes on the same database (issue 19, aim 3): each a JVM of
 * its own ({@link WorkerProcess}) with the headline drain's settings, racing for the same queue
 * with SKIP LOCKED. The tasks are submitted while the queue is paused and the processes are up; the
 * clock starts at resume (which wakes them by NOTIFY) and stops when the queue has no active row,
 * read every 10 ms from the claim index.
 */
final class ProcessesWorkload {
  static final String WORKLOAD = "processes";
  static final String QUEUE = "bench-processes";
  static final String KIND = "bench.processes";
  private static final int SUBMIT_BATCH = 1000;

  private final Database database;
  private final Options options;
  // Null unless --server-statements: the server's per-statement cost of each timed drain.
  private final ServerStatements statements;

  ProcessesWorkload(Database database, Options options) {
    this.database = database;
    this.options = options;
    this.statements = options.serverStatements() ? new ServerStatements(database) : null;
  }

  void run(Results results, int run) throws Exception {
    for (int processes : options.processes()) {
      double rate = drain(processes, options.tasks());
      results
          .figure(
              WORKLOAD,
              "drain, non-transactional, "
                  + processes
                  + (processes == 1 ? " worker process" : " worker processes"),
              "tasks/s",
              true)
          .againstCeiling()
          .add(rate);
    }
  }

  private double drain(int processes, int tasks) throws Exception {
    database.execute("truncate taskrow_task");
    try (Signals signals = SignalsChoice.POSTGRES.create(database.dataSource())) {
      Taskrow taskrow =
          Taskrow.builder(database.dataSource())
              .kind(TaskKind.named(KIND).queue(QUEUE).maxAttempts(1).transactional(false).build())
              .signals(signals)
              .build();
      List<Process> workers = new ArrayList<>();
      try {
        for (int i = 0; i < processes; i++) {
          workers.add(start());
        }
        // The worker JVMs are new: a tenth of the tasks first, unrecorded, warms them up. Their
        // JIT compilers stay busy long after (the thread lines show it); more warm-up rounds, up
        // to five of a tenth of the tasks per process each, did not make them quiet.
        List<Long> pids = workers.stream().map(Process::pid).toList();
        round(taskrow, processes, Math.max(1_000, tasks / 10), pids, "warm-up ");
        return round(taskrow, processes, tasks, pids, "");
      } finally {
        for (Process worker : workers) {
          worker.getOutputStream().close();
        }
        for (Process worker : workers) {
          if (!worker.waitFor(30, TimeUnit.SECONDS)) {
            worker.destroyForcibly();
          }
        }
      }
    }
  }

  /**
   * Submits {@code tasks} while the queue is paused, then resumes it and times the drain: from the
   * resume to the last active row's end.
   */
  private double round(
      Taskrow taskrow, int processes, int tasks, List<Long> workerPids, String label)
      throws Exception {
    taskrow.pause(QUEUE);
    database.execute("delete from taskrow_task where queue = '" + QUEUE + "'");
    DrainWorkload.submitInBatches(
        taskrow,
        IntStream.range(0, tasks)
            .mapToObj(i -> NewTask.of(KIND).payload("{\"seq\":" + i + "}"))
            .toList(),
        SUBMIT_BATCH);
    database.execute("vacuum analyze taskrow_task");
    if (statements != null) {
      statements.reset();
    }
    CpuMeter.Sample cpuFrom = CpuMeter.sample();
    long workerTicksFrom = CpuMeter.ticksOf(workerPids);
    Map<String, Long> workerGroupsFrom = CpuMeter.threadGroupTicksOf(workerPids);
    long start = System.nanoTime();
    taskrow.resume(QUEUE);
    long deadline = start + TimeUnit.SECONDS.toNanos(60 + tasks / 500);
    while (anyActive()) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "processes: " + processes + " workers left " + active() + " tasks undone");
      }
      Thread.sleep(10);
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    CpuMeter.Usage cpu = CpuMeter.between(cpuFrom, CpuMeter.sample());
    double workerCores = CpuMeter.cores(CpuMeter.ticksOf(workerPids) - workerTicksFrom, seconds);
    Map<String, Long> workerGroups = CpuMeter.threadGroupTicksOf(workerPids);
    workerGroupsFrom.forEach((group, ticks) -> workerGroups.merge(group, -ticks, Long::sum));
    double workerJitCores =
        CpuMeter.cores(workerGroups.getOrDefault(CpuMeter.JIT_COMPILER, 0L), seconds);
    // Where the two cores went: the worker JVMs, PostgreSQL, and the machine as a whole (this
    // bench's own JVM only polls the count). A machine near 2.0 busy cores is CPU-bound.
    System.out.printf(
        Locale.ROOT,
        "%sprocesses %d: %,d tasks at %,.0f tasks/s; worker JVMs %.2f cores (%.3f ms CPU per task,"
            + " of which their JIT compiler threads %.3f), postgres %.2f cores (%.3f ms per task),"
            + " machine user+system %.2f of %d cores%n",
        label,
        processes,
        tasks,
        tasks / seconds,
        workerCores,
        workerCores * seconds * 1000 / tasks,
        workerJitCores * seconds * 1000 / tasks,
        cpu.postgresCores(),
        cpu.postgresMillisPer(tasks),
        cpu.userCores() + cpu.systemCores(),
        Runtime.getRuntime().availableProcessors());
    // Each group's CPU a task: which of the workers' threads grow with the number of processes.
    System.out.println(
        workerGroups.entrySet().stream()
            .filter(e -> e.getValue() > 0)
            .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
            .map(
                e ->
                    String.format(
                        Locale.ROOT,
                        "%s %.3f",
                        e.getKey(),
                        CpuMeter.cores(e.getValue(), seconds) * seconds * 1000 / tasks))
            .collect(
                Collectors.joining(
                    ", ", "  " + label + "worker JVMs' threads, ms CPU per task: ", "")));
    if (statements != null) {
      statements.print(label + "processes " + processes, tasks);
    }
    long succeeded =
        database.queryLong(
            "select count(*) from taskrow_task where queue = '"
                + QUEUE
                + "' and status = 'SUCCESS'");
    if (succeeded != tasks) {
      throw new IllegalStateException(
          "processes: " + succeeded + " SUCCESS rows, expected " + tasks);
    }
    return tasks / seconds;
  }

  /**
   * Whether the queue still has an active row: one row read at most. Counting all the active rows
   * every 10 ms cost the server 14–17 ms a call, as much per task as the claim, and that cost was
   * the bench's, not the engine's (seen with {@code --server-statements}).
   */
  private boolean anyActive() throws Exception {
    return database.queryLong(
            "select count(*) from (select 1 from taskrow_task where queue = '"
                + QUEUE
                + "' and status in ('PENDING', 'PROCESSING') limit 1) as one")
        > 0;
  }

  private long active() throws Exception {
    return database.queryLong(
        "select count(*) from taskrow_task where queue = '"
            + QUEUE
            + "' and status in ('PENDING', 'PROCESSING')");
  }

  /** Starts one worker JVM and waits for its {@code ready}. */
  private Process start() throws IOException {
    String java = ProcessHandle.current().info().command().orElse("java");
    List<String> command =
        List.of(
            java,
            "-Xmx256m",
            "-cp",
            System.getProperty("java.class.path"),
            WorkerProcess.class.getName(),
            "jdbc:postgresql://"
                + database.host()
                + ":"
                + database.port()
                + "/"
                + database.database(),
            database.user(),
            database.password(),
            QUEUE,
            String.valueOf(options.concurrency()),
            String.valueOf(options.batch()),
            String.valueOf(options.completionBatch()));
    Process process =
        new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    BufferedReader out =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    String line;
    while ((line = out.readLine()) != null) {
      if (line.strip().equals("ready")) {
        // Whatever it prints later is read and dropped, so a full pipe never stalls it.
        Thread.ofVirtual().start(() -> out.lines().forEach(ignored -> {}));
        return process;
      }
    }
    throw new IOException(
        "a worker process ended before it was ready (exit " + exitOf(process) + ")");
  }

  private static String exitOf(Process process) {
    try {
      return String.valueOf(process.waitFor());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "unknown";
    }
  }
}
