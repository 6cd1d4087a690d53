package dev.tools.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The benchmark command: taskrow's drain throughput and submit → start latency, and the same
 * server's single-row UPDATE commit rate measured in the same run, so the ratio between them can be
 * read off one table. Every workload runs {@code --runs} times, interleaved (drain, latency,
 * ceiling, drain, …) so slow phases of a shared machine spread over all of them; the table reports
 * medians.
 */
public final class Bench {
  /** What a smoke run's report says of itself, so its figures are not quoted. */
  static final String SMOKE_NOTE =
      "yes (--smoke): tiny sizes, one run; proves the command and its ceiling or floor work, its"
          + " figures are no measurement";

  private Bench() {}

  public static void main(String[] args) throws Exception {
    Options options;
    try {
      options = Options.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.err.print(Options.USAGE);
      System.exit(2);
      return;
    }
    if (options == null) {
      System.out.print(Options.USAGE);
      return;
    }
    LocalDateTime startedAt = LocalDateTime.now();
    Results results = new Results();
    Map<String, String> header = new LinkedHashMap<>();
    try (Database database = Database.open(options)) {
      database.migrate();
      header.put("date", startedAt.format(DateTimeFormatter.ISO_LOCAL_DATE_TIME).substring(0, 19));
      header.put(
          "machine",
          Runtime.getRuntime().availableProcessors()
              + " cores, Java "
              + Runtime.version()
              + ", "
              + System.getProperty("os.name"));
      database.describe().forEach(header::put);
      header.put(
          "settings",
          String.format(
              "runs %d; drain %,d tasks (transactional %,d), submitAll %d per transaction,"
                  + " worker concurrency %d, claim batch %d, completion batch %d; latency %d"
                  + " samples per variant; ceiling %d s per measurement",
              options.runs(),
              options.tasks(),
              options.transactionalTasks(),
              options.submitBatch(),
              options.concurrency(),
              options.batch(),
              options.completionBatch(),
              options.latencySamples(),
              options.ceilingDuration().toSeconds()));
      if (options.smoke()) {
        header.put("smoke", SMOKE_NOTE);
      }
      if (options.workloads().contains("lever")) {
        header.remove("settings");
        new LeverBench(options, database, startedAt, header).run();
        return;
      }
      if (options.workloads().contains("peers")) {
        header.remove("settings");
        new PeersBench(options, database, startedAt, header).run();
        return;
      }
      if (options.workloads().contains(ImportWorkload.WORKLOAD)) {
        header.put(
            "import",
            String.format(
                "%,d-row sheet uploaded to the import service, analysed through the OpenAI adapter"
                    + " against a fake AI on the loopback (200 ms a call, admits 16, 429 beyond),"
                    + " ai-concurrency 16; %,d-row parse in a child JVM with -Xmx256m",
                options.importRows(), options.parseRows()));
      }
      header.forEach((k, v) -> System.out.println(k + ": " + v));

      StatementProfiler profiler = new StatementProfiler(database.dataSource());
      DrainWorkload drain = new DrainWorkload(database, profiler, options.submitBatch());
      LatencyWorkload latency = new LatencyWorkload(database, profiler, options.latencySamples());
      CeilingWorkload ceiling = new CeilingWorkload(database, options.ceilingDuration());
      ProcessesWorkload processes = new ProcessesWorkload(database, options);
      QueuesWorkload queues = new QueuesWorkload(database, profiler, options);
      ImportWorkload imports = new ImportWorkload(database, options.importRows());
      ParseWorkload parse = new ParseWorkload(options.parseRows());
      if (options.workloads().contains("ceiling")) {
        ceiling.prepare(results);
      }
      List<String> warmUps = new ArrayList<>();
      if (options.workloads().contains("drain")) {
        warmUps.add("a drain");
      }
      if (options.workloads().contains(ImportWorkload.WORKLOAD)) {
        warmUps.add("a " + imports.warmUpRows() + "-row import");
      }
      results.note(
          "Medians of "
              + options.runs()
              + " interleaved runs"
              + (warmUps.isEmpty()
                  ? ""
                  : " after an unrecorded warm-up (" + String.join(", ", warmUps) + ")")
              + ". On a shared machine, compare 'machine user' with 'java + postgres' in the"
              + " diagnostics: the difference is CPU other processes took during that run.");
      if (options.workloads().contains("drain")) {
        drain.warmUp(DrainWorkload.variants(options));
      }
      for (int run = 1; run <= options.runs(); run++) {
        if (options.workloads().contains("drain")) {
          if (options.indexSets().isEmpty()) {
            for (DrainWorkload.Variant variant : DrainWorkload.variants(options)) {
              drain.run(variant, results, run);
            }
          } else {
            for (IndexSet set : options.indexSets()) {
              database.execute("truncate taskrow_task");
              set.apply(database);
              for (DrainWorkload.Variant variant : DrainWorkload.variants(options)) {
                drain.run(variant, results, run, set.label(), false);
              }
            }
            IndexSet.V9.apply(database);
          }
        }
        if (options.workloads().contains("latency")) {
          for (LatencyWorkload.Variant variant : LatencyWorkload.variants()) {
            latency.run(variant, results, run);
          }
        }
        if (options.workloads().contains("ceiling")) {
          ceiling.run(results, run);
        }
        if (options.workloads().contains(ProcessesWorkload.WORKLOAD)) {
          processes.run(results, run);
        }
        if (options.workloads().contains(QueuesWorkload.WORKLOAD)) {
          queues.run(results, run);
        }
        if (options.workloads().contains(ImportWorkload.WORKLOAD)) {
          imports.run(results, run);
          parse.run(results, run);
        }
      }
      if (options.workloads().contains(RetainedWorkload.WORKLOAD)) {
        new RetainedWorkload(database, drain).run(options, results);
      }
      if (options.workloads().contains(BacklogWorkload.WORKLOAD)) {
        new BacklogWorkload(database, drain).run(options, results);
      }
      if (options.workloads().contains(DashboardWorkload.WORKLOAD)) {
        new DashboardWorkload(database, options).run(results);
      }
      parse.close();
      database.execute("truncate taskrow_task");
    }
    String report = results.render(header);
    System.out.println();
    System.out.println(report);
    Path file = options.reportFile("bench", startedAt);
    Files.createDirectories(file.getParent());
    Files.writeString(file, report);
    System.out.println("Written to " + file.toAbsolutePath());
  }
}
