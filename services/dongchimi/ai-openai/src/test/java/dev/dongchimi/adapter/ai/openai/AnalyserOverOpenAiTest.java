package dev.dongchimi.adapter.ai.openai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dongchimi.adapter.ai.openai.testing.FakeChatServer;
import dev.dongchimi.ai.ImageCandidate;
import dev.dongchimi.ai.ImageCandidates;
import dev.dongchimi.category.Category;
import dev.dongchimi.importer.Analyser;
import dev.dongchimi.importer.AnalysisCache;
import dev.dongchimi.importer.ImportProperties;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.util.unit.DataSize;

/**
 * The import's real analyser (as ImportAutoConfiguration builds it: the shared fair semaphore, the
 * cache on PostgreSQL) calling this adapter, against a local server that counts what it receives.
 */
class AnalyserOverOpenAiTest {
  private static final int CAP = 4;

  private final List<Duration> slept = new CopyOnWriteArrayList<>();
  private FakeChatServer server;
  private AnalysisCache cache;
  private String model;

  /** Two pictures for every product, so each product costs two calls. */
  private final ImageCandidates images =
      name ->
          List.of(
              new ImageCandidate("https://img.test/" + name.hashCode() + "/1.jpg", name),
              new ImageCandidate("https://img.test/" + name.hashCode() + "/2.jpg", "다른 상품"));

  @BeforeEach
  void start() throws Exception {
    // Milk is DAIRY, the rest OTHER.
    server =
        new FakeChatServer(Duration.ofMillis(30), user -> user.contains("우유") ? "DAIRY" : "OTHER");
    DataSource dataSource = AnalysisDatabase.dataSource();
    cache =
        new AnalysisCache(JdbcClient.create(dataSource), new JdbcTransactionManager(dataSource));
    model = "gpt-test-" + UUID.randomUUID(); // a model of its own: nothing cached yet
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private Analyser analyser() {
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
    return new Analyser(ai, images, cache, new Semaphore(CAP, true), properties, slept::add);
  }

  private static List<Analyser.Item> items(int count) {
    List<Analyser.Item> items = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      String name = (i % 2 == 0 ? "우유 " : "세제 ") + i + "호";
      items.add(new Analyser.Item("key-" + i, name));
    }
    return items;
  }

  @Test
  void keepsTheCapSaturatedAndNeverExceedsItAsTheServerSeesIt() {
    List<Analyser.Item> items = items(40);

    Map<String, Analyser.Analysis> results = analyser().analyse(items, done -> {}, () -> false);

    assertThat(results).hasSize(40);
    assertThat(results.get("key-0").category()).isEqualTo(Category.DAIRY);
    assertThat(results.get("key-1").category()).isEqualTo(Category.OTHER);
    assertThat(results.get("key-0").imageUrl())
        .isEqualTo("https://img.test/" + "우유 0호".hashCode() + "/1.jpg");
    assertThat(server.requests()).isEqualTo(80);
    assertThat(server.maxInFlight()).as("never above the cap").isLessThanOrEqualTo(CAP);
    assertThat(server.maxInFlight()).as("the cap is reached: saturation").isEqualTo(CAP);
    assertThat(slept).isEmpty();
    assertThat(cache.size(analyser().modelVersion())).isEqualTo(40);
  }

  @Test
  void aRateLimitIsWaitedOutAsTheServerAskedAndTheAnalysisCompletes() {
    server.rateLimitNext(1);

    Map<String, Analyser.Analysis> results = analyser().analyse(items(3), done -> {}, () -> false);

    assertThat(results).hasSize(3);
    assertThat(results.values()).allSatisfy(a -> assertThat(a.imageUrl()).endsWith("/1.jpg"));
    assertThat(server.rateLimited()).isEqualTo(1);
    assertThat(server.requests()).isEqualTo(3 * 2 + 1);
    assertThat(slept).containsExactly(Duration.ofSeconds(1));
  }
}
