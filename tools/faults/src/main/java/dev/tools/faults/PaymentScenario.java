package dev.tools.faults;

import dev.dungji.adapter.registry.http.FakeCodef;
import dev.dungji.adapter.registry.http.HttpIssuerSettings;
import dev.taskrow.core.NewTask;
import dev.taskrow.core.PostgresSignals;
import dev.taskrow.core.RetryPolicy;
import dev.taskrow.core.TaskKind;
import dev.taskrow.core.Taskrow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import org.flywaydb.core.Flyway;

/**
 * 둥지's issuance against a CODEF-style HTTP mock that charges the prepaid account the moment the
 * paying request arrives and answers 1–3 s later, while issuance workers (둥지's real handler, each
 * its own JVM) are SIGKILLed mid-payment and replaced. Audited: tenants charged twice, charged but
 * FAILED, PAYMENT_UNCERTAIN and its reconciliation records, SUCCESS with its file record and
 * object, orphan objects.
 *
 * <p>Two variants: the issuer offers a result inquiry (a rescue takes the charged document: no
 * charged-but-failed may remain), or it offers none (every charge whose answer died with a worker
 * must end PAYMENT_UNCERTAIN with a reconciliation record).
 */
final class PaymentScenario implements Scenario {
  static final String CLIENT = FakeCodef.CLIENT;
  static final String SECRET = FakeCodef.SECRET;
  static final String QUEUE = "issuance";

  /** As 둥지 declares registry.issue, with the suite's short lease so kills recover in seconds. */
  static final TaskKind ISSUE_KIND =
      TaskKind.named("registry.issue")
          .queue(QUEUE)
          .lease(Duration.ofSeconds(5))
          .maxAttempts(8)
          .retryPolicy(
              RetryPolicy.exponential(Duration.ofMillis(200), Duration.ofSeconds(2))
                  .neverRetry(
                      "DUPLICATE_PAYMENT", "PAYMENT_UNCERTAIN", "AUTOMATION_FAILED", "SAVE_FAILED"))
          .build();

  /** Chained by the handler on SUCCESS; nobody runs it here. */
  static final TaskKind OCR_KIND = TaskKind.named("registry.ocr").queue("ocr").build();

  private final boolean inquiry;

  PaymentScenario(boolean inquiry) {
    this.inquiry = inquiry;
  }

  @Override
  public String name() {
    return inquiry
        ? "payment: SIGKILL mid-payment, inquiry"
        : "payment: SIGKILL mid-payment, no inquiry";
  }

  @Override
  public ScenarioResult run(SuiteContext context) throws Exception {
    SuiteContext.Settings settings = context.settings();
    FakeCodef codef = new FakeCodef();
    codef.payDelayMillis = () -> ThreadLocalRandom.current().nextLong(1_000, 3_001);
    codef.pdf = Files.readAllBytes(samplePdf());
    Path storage = Files.createTempDirectory("fault-payment-storage");
    String dbName = inquiry ? "fault_payment" : "fault_payment_blind";
    try (MockWebServer server = new MockWebServer();
        ScenarioDatabase db = context.database(dbName, PostgresSignals::new)) {
      server.setDispatcher(codef);
      server.start();
      Flyway.configure()
          .dataSource(db.dataSource())
          .locations("classpath:db/migration/dungji")
          .table("dungji_schema_history")
          // The engine's tables are there already, with their own history.
          .baselineOnMigrate(true)
          .baselineVersion("0")
          .load()
          .migrate();
      List<String> workerSettings =
          List.of(
              "jdbc=" + db.jdbcUrl(),
              "issuer=" + server.url("/").uri(),
              "storage=" + storage,
              "result-path=" + (inquiry ? HttpIssuerSettings.DEFAULT_RESULT_PATH : ""),
              "concurrency=4");
      try (WorkerFleet fleet =
          context.fleet(
              "pay" + (inquiry ? "" : "-blind"), workerSettings, PaymentWorkerMain.class)) {
        for (int i = 0; i < 3; i++) {
          fleet.startOne();
        }
        // The tenants arrive over the kill window (kills × kill-every), not all at once: 12 slots
        // drain 120 requests of 1–3 s in ~20 s, which left room for only 2 of the 8 kills.
        Duration arrivals = settings.paymentKillEvery().multipliedBy(settings.paymentKills());
        List<UUID> tasks = new CopyOnWriteArrayList<>();
        Thread submitter =
            Thread.ofPlatform()
                .name("payment-tenants")
                .start(() -> submit(db, settings.paymentTenants(), arrivals, tasks));
        Random random = new Random(16);
        List<Thread> replacements = new ArrayList<>();
        int kills = 0;
        long midPayment = 0;
        Instant began = Instant.now();
        while (kills < settings.paymentKills()
            && (submitter.isAlive() || activeIssuances(db) > 0)) {
          Thread.sleep(settings.paymentKillEvery().toMillis());
          List<WorkerProcess> busy = new ArrayList<>();
          for (WorkerProcess w : fleet.running()) {
            if (!db.heldBy(w.id()).isEmpty()) {
              busy.add(w);
            }
          }
          if (busy.isEmpty()) {
            continue;
          }
          WorkerProcess victim = busy.get(random.nextInt(busy.size()));
          midPayment += paymentsInFlight(db, db.heldBy(victim.id()));
          victim.kill();
          kills++;
          fleet.forget(victim);
          // The replacement starts on its own thread: a JVM on a loaded machine takes longer
          // than the kill interval to be READY, and waiting for it here held the kills back
          // (2 of 8 in earlier runs).
          replacements.add(Thread.ofPlatform().name("replace-" + kills).start(fleet::startOne));
        }
        for (Thread replacement : replacements) {
          replacement.join();
        }
        submitter.join();
        if (tasks.size() != settings.paymentTenants()) {
          throw new IllegalStateException(
              "submitted " + tasks.size() + " of " + settings.paymentTenants() + " tenants");
        }
        Await.until(Duration.ofMinutes(3), Duration.ofMillis(200), () -> activeIssuances(db) == 0);
        Duration drained = Duration.between(began, Instant.now());
        return audit(db, codef, storage, tasks, kills, midPayment, drained);
      }
    } finally {
      deleteTree(storage);
    }
  }

  /** One tenant's request every {@code over / tenants}, each id added to {@code ids}. */
  private static void submit(ScenarioDatabase db, int tenants, Duration over, List<UUID> ids) {
    Taskrow taskrow = Taskrow.builder(db.dataSource()).kind(ISSUE_KIND).kind(OCR_KIND).build();
    long pauseNanos = over.toNanos() / Math.max(1, tenants);
    long next = System.nanoTime();
    try {
      for (int i = 0; i < tenants; i++) {
        long nest = insertNest(db, i);
        ids.add(
            taskrow.submit(
                NewTask.of(ISSUE_KIND.name())
                    .subject("nest:" + nest)
                    .payload("{\"nest_id\": " + nest + "}")));
        next += pauseNanos;
        long wait = next - System.nanoTime();
        if (wait > 0) {
          Thread.sleep(Duration.ofNanos(wait));
        }
      }
    } catch (SQLException | InterruptedException e) {
      // The count check after join() reports the shortfall; say why here.
      System.err.println("payment: submitting tenants stopped: " + e);
    }
  }

  private static long insertNest(ScenarioDatabase db, int tenant) throws SQLException {
    try (Connection c = db.dataSource().getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "insert into dungji_nest (owner_id, name, address, registry_number)"
                    + " values (?, ?, '서울특별시 마포구 월드컵북로 396', '11462006012345') returning id")) {
      s.setLong(1, 1_000 + tenant);
      s.setString(2, "tenant " + tenant);
      try (ResultSet rs = s.executeQuery()) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }

  private static long activeIssuances(ScenarioDatabase db) throws SQLException {
    return db.queryLong(
        "select count(*) from taskrow_task where kind = 'registry.issue'"
            + " and status in ('PENDING', 'PROCESSING')");
  }

  /** Of the victim's tasks, those whose intent to pay is recorded and whose answer is not. */
  private static long paymentsInFlight(ScenarioDatabase db, List<UUID> held) throws SQLException {
    if (held.isEmpty()) {
      return 0;
    }
    try (Connection c = db.dataSource().getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "select count(*) from dungji_issuer_payment where state = 'INTENT'"
                    + " and task_id = any (?)")) {
      s.setArray(1, c.createArrayOf("uuid", held.toArray()));
      try (ResultSet rs = s.executeQuery()) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }

  private ScenarioResult audit(
      ScenarioDatabase db,
      FakeCodef codef,
      Path storage,
      List<UUID> tasks,
      int kills,
      long midPayment,
      Duration drained)
      throws SQLException, IOException {
    Map<UUID, String> status = new HashMap<>();
    Map<UUID, String> code = new HashMap<>();
    Map<UUID, Integer> attempts = new HashMap<>();
    Map<UUID, String> subject = new HashMap<>();
    try (Connection c = db.dataSource().getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "select id, status, error_code, attempt_count, subject from taskrow_task"
                    + " where kind = 'registry.issue'");
        ResultSet rs = s.executeQuery()) {
      while (rs.next()) {
        UUID id = rs.getObject(1, UUID.class);
        status.put(id, rs.getString(2));
        code.put(id, rs.getString(3));
        attempts.put(id, rs.getInt(4));
        subject.put(id, rs.getString(5));
      }
    }
    Set<UUID> withFile = uuids(db, "select issuance_task_id from dungji_registry_file");
    Set<UUID> reconciled = uuids(db, "select task_id from dungji_payment_reconciliation");
    Set<String> recordedKeys = new HashSet<>();
    try (Connection c = db.dataSource().getConnection();
        PreparedStatement s = c.prepareStatement("select storage_key from dungji_registry_file");
        ResultSet rs = s.executeQuery()) {
      while (rs.next()) {
        recordedKeys.add(rs.getString(1));
      }
    }
    Set<String> objects = new HashSet<>();
    Path registry = storage.resolve("dungji/registry");
    if (Files.isDirectory(registry)) {
      try (Stream<Path> files = Files.walk(registry)) {
        files
            .filter(Files::isRegularFile)
            .forEach(p -> objects.add(storage.relativize(p).toString().replace('\\', '/')));
      }
    }

    Map<String, Integer> charges = codef.chargesPerRequest();
    Map<String, Integer> chargesPerNest = new HashMap<>();
    long chargedButFailed = 0;
    long chargedFailedUnreconciled = 0;
    long rescuedWithDocument = 0;
    for (Map.Entry<String, Integer> charge : charges.entrySet()) {
      UUID task = UUID.fromString(charge.getKey());
      chargesPerNest.merge(subject.getOrDefault(task, "?"), charge.getValue(), Integer::sum);
      if ("FAILED".equals(status.get(task))) {
        chargedButFailed++;
        if (!reconciled.contains(task)) {
          chargedFailedUnreconciled++;
        }
      } else if ("SUCCESS".equals(status.get(task)) && attempts.getOrDefault(task, 1) > 1) {
        rescuedWithDocument++;
      }
    }
    long chargedTwice = chargesPerNest.values().stream().filter(n -> n > 1).count();
    long orphans = objects.stream().filter(o -> !recordedKeys.contains(o)).count();
    long stuck = 0;
    long successWithoutFile = 0;
    long failedOther = 0;
    long uncertain = 0;
    Map<String, Long> failures = new TreeMap<>();
    for (UUID task : tasks) {
      String s = status.get(task);
      if (s == null || s.equals("PENDING") || s.equals("PROCESSING")) {
        stuck++;
      } else if (s.equals("SUCCESS")) {
        if (!withFile.contains(task)) {
          successWithoutFile++;
        }
      } else {
        failures.merge(code.get(task), 1L, Long::sum);
        if ("PAYMENT_UNCERTAIN".equals(code.get(task))) {
          uncertain++;
        } else {
          failedOther++;
        }
      }
    }
    long success = status.values().stream().filter("SUCCESS"::equals).count();
    // Lost: a tenant who paid for nothing with no record of it, a SUCCESS without its file, a
    // failure for any other cause; where the issuer can be asked, any charged-but-failed at all.
    long lost =
        successWithoutFile
            + failedOther
            + chargedFailedUnreconciled
            + (inquiry ? chargedButFailed - chargedFailedUnreconciled : 0);
    ScenarioDatabase.Audit audit =
        new ScenarioDatabase.Audit(
            tasks.size(), lost, chargedTwice + orphans, stuck, rescuedWithDocument);
    return new ScenarioResult(
        name(),
        audit,
        null,
        List.of(
            kills
                + " SIGKILLs, "
                + midPayment
                + " of the victims' tasks mid-payment (intent recorded, no answer) at the kill;"
                + " drained in "
                + drained.toSeconds()
                + " s",
            "charges "
                + codef.charges()
                + " for "
                + tasks.size()
                + " tenants; tenants charged twice "
                + chargedTwice
                + "; second paying requests refused by the issuer "
                + codef.duplicatesRefused(),
            "SUCCESS "
                + success
                + " ("
                + rescuedWithDocument
                + " of them after more than one attempt),"
                + " SUCCESS without file record "
                + successWithoutFile,
            "charged but FAILED "
                + chargedButFailed
                + ", of them without a reconciliation record "
                + chargedFailedUnreconciled
                + "; PAYMENT_UNCERTAIN "
                + uncertain
                + ", reconciliation records "
                + reconciled.size(),
            "failures by code " + failures + "; orphan objects " + orphans));
  }

  private static Set<UUID> uuids(ScenarioDatabase db, String sql) throws SQLException {
    Set<UUID> ids = new HashSet<>();
    try (Connection c = db.dataSource().getConnection();
        PreparedStatement s = c.prepareStatement(sql);
        ResultSet rs = s.executeQuery()) {
      while (rs.next()) {
        ids.add(rs.getObject(1, UUID.class));
      }
    }
    return ids;
  }

  /** A real one-page PDF (the handler counts its pages); written by the mock for every charge. */
  private static Path samplePdf() throws IOException {
    Path pdf = Files.createTempFile("fault-registry", ".pdf");
    try (org.apache.pdfbox.pdmodel.PDDocument document =
        new org.apache.pdfbox.pdmodel.PDDocument()) {
      document.addPage(new org.apache.pdfbox.pdmodel.PDPage());
      document.save(pdf.toFile());
    }
    return pdf;
  }

  private static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
