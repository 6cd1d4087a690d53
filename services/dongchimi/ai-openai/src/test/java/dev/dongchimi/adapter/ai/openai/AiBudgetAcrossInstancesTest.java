package dev.dongchimi.adapter.ai.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.dongchimi.adapter.ai.openai.testing.FakeChatServer;
import dev.dongchimi.ai.ImageCandidates;
import dev.dongchimi.importer.AiBudget;
import dev.dongchimi.importer.Analyser;
import dev.dongchimi.importer.AnalysisCache;
import dev.dongchimi.importer.ImportProperties;
import dev.dongchimi.importer.SharedAiBudget;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.util.unit.DataSize;

/**
 * Two instances of the import's analyser (as during a blue/green deploy), each with its own budget
 * object, on one real PostgreSQL, against a local OpenAI-compatible server counting the calls it
 * has in flight: with the shared budget the server never sees more than the one cap; with each
 * process's semaphore it sees both caps added up.
 */
class AiBudgetAcrossInstancesTest {
  private static final int CAP = 3;

  private FakeChatServer server;
  private DataSource dataSource;
  private AnalysisCache cache;
  private String model;

  private final ImageCandidates noImages = name -> List.of();

  /** A thread per instance (the common pool may have one thread on a 2-core machine). */
  private final java.util.concurrent.ExecutorService instances =
      java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor();

  @BeforeEach
  void start() throws Exception {
    server = new FakeChatServer(Duration.ofMillis(60), user -> "OTHER");
    dataSource = AnalysisDatabase.dataSource();
    cache =
        new AnalysisCache(JdbcClient.create(dataSource), new JdbcTransactionManager(dataSource));
    JdbcClient.create(dataSource).sql("delete from dongchimi_ai_budget").update();
    model = "gpt-test-" + UUID.randomUUID();
  }

  @AfterEach
  void stop() {
    instances.shutdownNow();
    server.close();
  }

  @Test
  void theSharedCapHoldsAcrossTwoInstances() {
    Map<String, Analyser.Analysis>[] results =
        runTogether(
            () ->
                new SharedAiBudget(dataSource, CAP, 0, Duration.ofMinutes(2), Duration.ofMillis(5)),
            20);

    assertThat(results[0]).hasSize(20);
    assertThat(results[1]).hasSize(20);
    assertThat(server.requests()).isEqualTo(40);
    assertThat(server.maxInFlight()).as("one cap for both instances").isLessThanOrEqualTo(CAP);
    assertThat(server.maxInFlight()).as("and it is used").isGreaterThan(1);
  }

  @Test
  void eachProcesssSemaphoreAloneLetsTheServerSeeBothCaps() {
    runTogether(() -> AiBudget.perProcess(new Semaphore(CAP, true)), 20);

    assertThat(server.maxInFlight()).isGreaterThan(CAP);
  }

  @Test
  void theRequestsPerMinuteHoldAcrossTwoInstances() {
    // 4 a minute for both, 5 calls: the first 4 pass at once, the fifth waits for the refill (a
    // token every 15 s) whichever instance makes it.
    List<CompletableFuture<Map<String, Analyser.Analysis>>> running = new ArrayList<>();
    for (int instance = 0; instance < 2; instance++) {
      Analyser analyser =
          analyser(
              new SharedAiBudget(dataSource, CAP, 4, Duration.ofMinutes(2), Duration.ofMillis(5)));
      List<Analyser.Item> items = items("i" + instance, instance == 0 ? 3 : 2);
      running.add(
          CompletableFuture.supplyAsync(
              () -> analyser.analyse(items, done -> {}, () -> false), instances));
    }
    await().atMost(Duration.ofSeconds(10)).until(() -> server.requests() == 4);
    await()
        .during(Duration.ofSeconds(2))
        .atMost(Duration.ofSeconds(3))
        .until(() -> server.requests() == 4);
    running.forEach(CompletableFuture::join); // the fifth, once its token has come
    assertThat(server.requests()).isEqualTo(5);
  }

  @SuppressWarnings("unchecked")
  private Map<String, Analyser.Analysis>[] runTogether(Supplier<AiBudget> budgets, int each) {
    List<CompletableFuture<Map<String, Analyser.Analysis>>> running = new ArrayList<>();
    for (int instance = 0; instance < 2; instance++) {
      Analyser analyser = analyser(budgets.get());
      List<Analyser.Item> items = items("i" + instance, each);
      running.add(
          CompletableFuture.supplyAsync(
              () -> analyser.analyse(items, done -> {}, () -> false), instances));
    }
    return running.stream().map(CompletableFuture::join).toArray(Map[]::new);
  }

  private Analyser analyser(AiBudget budget) {
    OpenAiProductAi ai =
        new OpenAiProductAi(
            new OpenAiSettings(
                server.baseUrl(), model, "sk-test", Duration.ofSeconds(2), Duration.ofSeconds(5)));
    ImportProperties properties =
        new ImportProperties(
            DataSize.ofMegabytes(10),
            DataSize.ofMegabytes(200),
            200,
            20_000,
            CAP,
            0,
            3,
            4,
            Duration.ofMillis(500),
            Duration.ofSeconds(60));
    return new Analyser(ai, noImages, cache, budget, properties, d -> {});
  }

  private static List<Analyser.Item> items(String prefix, int count) {
    List<Analyser.Item> items = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      items.add(new Analyser.Item(prefix + "-" + i, "상품 " + prefix + " " + i + "호"));
    }
    return items;
  }
}
