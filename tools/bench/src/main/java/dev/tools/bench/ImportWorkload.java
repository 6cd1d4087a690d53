package dev.tools.bench;

import dev.dongchimi.Catalog;
import dev.dongchimi.Mart;
import dev.dongchimi.MartInput;
import dev.dongchimi.adapter.ai.openai.testing.FakeChatServer;
import dev.dongchimi.importer.ImportService;
import dev.dongchimi.testing.AppMigrations;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.datasource.DelegatingDataSource;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Excel import end to end against an AI that answers each call in 200 ms and admits 16 at once:
 * upload through the import service (file to storage, import row and task in one transaction), then
 * the task engine's worker parses, analyses through the OpenAI adapter under the shared cap (16),
 * and applies in the task's transaction — timed from the upload call to the SUCCESS commit. The
 * floor is the AI's own limit: calls × 200 ms ÷ 16.
 */
final class ImportWorkload {
  static final String WORKLOAD = "import";
  static final Duration AI_LATENCY = Duration.ofMillis(200);
  static final int AI_ADMITS = 16;
  private static final long OWNER = 1; // marts name their owner's account id; no account needed
  private static final int WARM_UP_ROWS = 200;
  private static final JsonMapper SUMMARY = JsonMapper.builder().build();
  private static final String[] CATEGORIES = {
    "FRUIT", "VEGETABLE", "MEAT_EGG", "SEAFOOD", "DAIRY", "NOODLE", "SNACK", "BEVERAGE", "OTHER"
  };

  /**
   * One import. The phases split the wall time at the task's claim (the worker may claim it before
   * the upload call has returned), the first call the fake AI admitted and its last answer; the
   * last phase ends with the SUCCESS commit.
   */
  record Outcome(
      int rows,
      int calls,
      int rejected,
      int maxInFlight,
      Duration wall,
      Duration toClaim,
      Duration beforeAi,
      Duration ai,
      Duration afterAi,
      CpuMeter.Usage cpu) {
    Duration floor() {
      return AI_LATENCY.multipliedBy(calls).dividedBy(AI_ADMITS);
    }

    double ratio() {
      return (double) wall.toNanos() / floor().toNanos();
    }
  }

  private final Database database;
  private final int rows;
  private boolean migrated;
  private boolean warmedUp;

  ImportWorkload(Database database, int rows) {
    this.database = database;
    this.rows = rows;
  }

  /** The unrecorded first import: 200 rows, or fewer when the measured one is smaller (smoke). */
  int warmUpRows() {
    return Math.min(WARM_UP_ROWS, rows);
  }

  void run(Results results, int run) throws Exception {
    migrate();
    // A fresh application per run, so between runs nothing of it runs beside other workloads.
    try (FakeChatServer ai = new FakeChatServer(AI_LATENCY, AI_ADMITS, ImportWorkload::category);
        ConfigurableApplicationContext app = start(ai)) {
      if (!warmedUp) {
        importOnce(app, ai, warmUpRows()); // class loading, JIT, connections: not measured
        warmedUp = true;
      }
      Outcome o = importOnce(app, ai, rows);
      String n = String.format(Locale.ROOT, "%,d", o.rows());
      results
          .figure(WORKLOAD, n + "-row import, upload → SUCCESS", "s", false)
          .add(seconds(o.wall()));
      results.figure(WORKLOAD, "floor: AI calls × 200 ms ÷ 16", "s", false).add(seconds(o.floor()));
      results.figure(WORKLOAD, "import ÷ floor", "×", false).add(o.ratio());
      results.figure(WORKLOAD, "AI calls (" + n + " rows)", "calls", true).add(o.calls());
      results
          .figure(WORKLOAD, "max calls in flight at the fake AI", "calls", true)
          .add(o.maxInFlight());
      results
          .figure(WORKLOAD, "429s from the fake AI (beyond 16)", "calls", true)
          .add(o.rejected());
      results.diagnostic(
          String.format(
              Locale.ROOT,
              "run %d import: %d rows, %d AI calls (%.2f per row), wall %.2f s, floor %.2f s,"
                  + " ratio %.3f, max in flight %d, 429s %d; phases: upload → claim %.2f s, claim"
                  + " → first AI call (download, guard, parse, cache) %.2f s, AI (first call → last"
                  + " answer) %.2f s = %.3f × floor, last answer → SUCCESS commit (cache, apply)"
                  + " %.2f s",
              run,
              o.rows(),
              o.calls(),
              (double) o.calls() / o.rows(),
              seconds(o.wall()),
              seconds(o.floor()),
              o.ratio(),
              o.maxInFlight(),
              o.rejected(),
              seconds(o.toClaim()),
              seconds(o.beforeAi()),
              seconds(o.ai()),
              (double) o.ai().toNanos() / o.floor().toNanos(),
              seconds(o.afterAi())));
      if (CpuMeter.available()) {
        results.diagnostic("  " + o.cpu().describe());
      }
      System.out.printf(
          Locale.ROOT,
          "import run %d: %,d rows, %,d AI calls, %.2f s (floor %.2f s, ×%.3f), max in flight %d,"
              + " 429s %d%n",
          run,
          o.rows(),
          o.calls(),
          seconds(o.wall()),
          seconds(o.floor()),
          o.ratio(),
          o.maxInFlight(),
          o.rejected());
    }
  }

  private void migrate() {
    if (migrated) {
      return;
    }
    // The application's migrations (accounts, 동치미, the import), as the app runs them.
    AppMigrations.migrate(database.dataSource());
    migrated = true;
  }

  private ConfigurableApplicationContext start(FakeChatServer ai) {
    return new SpringApplicationBuilder(ImportBenchApplication.class)
        .web(WebApplicationType.NONE)
        .logStartupInfo(false)
        .properties(
            "spring.main.banner-mode=off",
            "bench.ai.base-url=" + ai.baseUrl(),
            "dongchimi.demo-data=false",
            "dongchimi.import.ai-concurrency=" + AI_ADMITS,
            "taskrow.signals=in-process",
            "taskrow.worker.retention=0",
            "logging.level.root=WARN")
        // The benchmark's pool, not closed with the application (the next run needs it).
        .initializers(
            c ->
                c.getBeanFactory()
                    .registerSingleton(
                        "dataSource", new DelegatingDataSource(database.dataSource())))
        .run();
  }

  private Outcome importOnce(ConfigurableApplicationContext app, FakeChatServer ai, int rows)
      throws Exception {
    // Every product must cost its calls: no answer may come from an earlier run's cache.
    database.execute("delete from dongchimi_import_analysis");
    Catalog catalog = app.getBean(Catalog.class);
    ImportService imports = app.getBean(ImportService.class);
    ImportBenchApplication.Finishes finishes = app.getBean(ImportBenchApplication.Finishes.class);
    Mart mart =
        catalog.createMart(
            OWNER, new MartInput("벤치마트", "서울특별시 중구 세종대로 110", 37.5663, 126.9779, null, null, null));
    ByteArrayOutputStream sheet = new ByteArrayOutputStream();
    BenchSheets.write(sheet, rows, catalog.today());
    byte[] bytes = sheet.toByteArray();
    ai.reset();

    CpuMeter.Sample cpuFrom = CpuMeter.sample();
    long started = System.nanoTime();
    ImportService.Import upload = imports.upload(OWNER, mart.id(), "bench.xlsx", bytes);
    String outcome = finishes.of(upload.task().id()).get(10, TimeUnit.MINUTES);
    long finished = System.nanoTime();
    CpuMeter.Sample cpuTo = CpuMeter.sample();

    ImportService.Import done = imports.find(OWNER, mart.id(), upload.task().id());
    if (!outcome.equals("SUCCESS")) {
      throw new IllegalStateException(
          "the import ended "
              + outcome
              + ": "
              + done.task().errorMessage()
              + " "
              + done.record().rowErrors());
    }
    if (SUMMARY.readTree(done.record().summary()).path("created").intValue() != rows) {
      throw new IllegalStateException("the import did not create every row: " + done.record());
    }
    long claimed = finishes.claimedNanos(upload.task().id());
    return new Outcome(
        rows,
        ai.answered(),
        ai.rateLimited(),
        ai.maxInFlight(),
        Duration.ofNanos(finished - started),
        Duration.ofNanos(claimed - started),
        Duration.ofNanos(ai.firstCallNanos() - claimed),
        Duration.ofNanos(ai.lastAnswerNanos() - ai.firstCallNanos()),
        Duration.ofNanos(finished - ai.lastAnswerNanos()),
        CpuMeter.between(cpuFrom, cpuTo));
  }

  /** The fake AI's answer: a valid category, by the hash of the product's prompt. */
  private static String category(String prompt) {
    return CATEGORIES[Math.floorMod(prompt.hashCode(), CATEGORIES.length)];
  }

  private static double seconds(Duration d) {
    return d.toNanos() / 1e9;
  }
}
