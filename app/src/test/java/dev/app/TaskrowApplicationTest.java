package dev.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dongchimi.testing.AppMigrations;
import dev.platform.test.Answer;
import dev.platform.test.ApiClient;
import dev.platform.test.SignUp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The application on its embedded defaults, as someone who just cloned the repository runs it. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ExtendWith(OutputCaptureExtension.class)
class TaskrowApplicationTest {
  private static final Path DATA_DIR = newDataDir();

  @LocalServerPort int port;
  @Autowired EmbeddedDefaults embeddedDefaults;
  @Autowired JdbcTemplate jdbc;
  @Autowired Flyway flyway;
  @Autowired DataSource dataSource;

  @DynamicPropertySource
  static void embeddedDataInATempDir(DynamicPropertyRegistry registry) {
    registry.add("embedded.data-dir", DATA_DIR::toString);
  }

  /** A fresh embedded data directory under target/, for a test class that starts the app. */
  static Path newDataDir() {
    try {
      return Files.createTempDirectory(Path.of("target"), "var-");
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  // The JDK's client, which never retries: Apache's (on this classpath) would retry a 429.
  private ApiClient api() {
    return new ApiClient(port);
  }

  @Test
  void healthIsUpWithTheEngineOnTheEmbeddedDatabaseAndItsDetailsAreForOperators() {
    Answer anonymous = api().get("/actuator/health", null);
    assertThat(anonymous.status()).isEqualTo(200);
    // Anyone sees each component's status, not its details (queues, hosts).
    assertThat(anonymous.body())
        .contains("\"status\":\"UP\"")
        .contains("\"taskrow\":{\"status\":\"UP\"}")
        .doesNotContain("\"database\":\"reachable\"");
    Answer health = api().get("/actuator/health", adminToken());
    assertThat(health.status()).isEqualTo(200);
    assertThat(health.body())
        .contains("\"status\":\"UP\"")
        .contains("\"taskrow\"")
        .contains("\"database\":\"reachable\"");
    assertThat(Files.isDirectory(DATA_DIR.resolve("postgres"))).isTrue();
  }

  @Test
  void behindAProxyLoginsAreThrottledPerForwardedClientNotForEveryone() {
    String throttled = "203.0.113.7";
    Answer last = null;
    for (int i = 0; i <= 20; i++) { // 20 failures per address are allowed in a window
      last = login("nobody" + i + "@example.com", "wrong-password", throttled);
    }
    assertThat(last.status()).isEqualTo(429);
    assertThat(last.body()).contains("\"code\":\"TOO_MANY_ATTEMPTS\"");
    Answer other = login("nobody@example.com", "wrong-password", "198.51.100.9");
    assertThat(other.status()).isEqualTo(401);
  }

  private Answer login(String email, String password, String forwardedFor) {
    return api()
        .withHeader("X-Forwarded-For", forwardedFor)
        .post("/auth/login", null, Map.of("email", email, "password", password));
  }

  @Test
  void migratesTheApplicationsAndTheEnginesSchemaSeparately() {
    assertThat(
            jdbc.queryForObject(
                "select count(*) from flyway_schema_history where version = '1' and success",
                Integer.class))
        .isOne();
    assertThat(
            jdbc.queryForObject(
                "select count(*) from taskrow_schema_history where version = '1' and success",
                Integer.class))
        .isOne();
  }

  /**
   * Tests and benchmarks that migrate without Spring Boot use AppMigrations: its settings must be
   * the ones application.yml gives the app's Flyway.
   */
  @Test
  void migratesAsAppMigrationsDoesWithoutSpring() {
    Configuration app = flyway.getConfiguration();
    Configuration shared = AppMigrations.configure(dataSource);
    assertThat(shared.getLocations()).as("locations").containsExactly(app.getLocations());
    assertThat(shared.getTable()).as("table").isEqualTo(app.getTable());
    assertThat(shared.getSchemas()).as("schemas").containsExactly(app.getSchemas());
    assertThat(shared.isBaselineOnMigrate())
        .as("baseline-on-migrate")
        .isEqualTo(app.isBaselineOnMigrate());
    assertThat(shared.getBaselineVersion())
        .as("baseline-version")
        .isEqualTo(app.getBaselineVersion());
    assertThat(shared.isOutOfOrder()).as("out-of-order").isEqualTo(app.isOutOfOrder());
    assertThat(shared.getPlaceholders()).as("placeholders").isEqualTo(app.getPlaceholders());
  }

  @Test
  void describesTheApiWithOpenApiAndSwaggerUi() {
    Answer docs = api().get("/v3/api-docs", null);
    assertThat(docs.status()).isEqualTo(200);
    assertThat(
            MediaType.parseMediaType(docs.contentType())
                .isCompatibleWith(MediaType.APPLICATION_JSON))
        .isTrue();
    assertThat(docs.body()).contains("\"/ops/queues\"").contains("\"title\":\"taskrow\"");

    Answer ui = api().get("/swagger-ui/index.html", null);
    assertThat(ui.status()).isEqualTo(200);
    assertThat(ui.body()).contains("Swagger UI");
    HttpStatusCode shortcut = HttpStatusCode.valueOf(api().get("/swagger-ui.html", null).status());
    assertThat(shortcut.is2xxSuccessful() || shortcut.is3xxRedirection()).isTrue();
  }

  /** A token of an operator: ADMIN is never chosen at signup, it is granted in the database. */
  private String adminToken() {
    SignUp.Account ops = SignUp.newAccount(api(), null);
    jdbc.update("update accounts_user set roles = array['ADMIN'] where email = ?", ops.email());
    return SignUp.login(api(), ops.email(), ops.password());
  }

  @Test
  void opsQueuesNeedsAnOperatorToken() {
    Answer anonymous = api().get("/ops/queues", null);
    assertThat(anonymous.status()).isEqualTo(401);
    assertThat(anonymous.body()).contains("\"code\":\"UNAUTHENTICATED\"");
  }

  @Test
  void opsQueuesAnswersInSnakeCase() {
    Answer queues = api().get("/ops/queues", adminToken());
    assertThat(queues.status()).isEqualTo(200);
    assertThat(queues.body()).contains("\"queues\":[").contains("\"oldest_pending_age_ms\"");
  }

  @Test
  void errorsAreProblemDetails() {
    Answer missing = api().get("/ops/nothing-here", adminToken());
    assertThat(missing.status()).isEqualTo(404);
    assertThat(missing.contentType()).isEqualTo("application/problem+json");
  }

  @Test
  void exposesPrometheusMetricsOfTheEngine() {
    Answer metrics = api().get("/actuator/prometheus", adminToken());
    assertThat(metrics.status()).isEqualTo(200);
    assertThat(metrics.body()).contains("hikaricp_connections");
  }

  @Test
  void warnsOncePerEmbeddedDefault(CapturedOutput output) {
    assertThat(embeddedDefaults.inUse())
        .anySatisfy(warning -> assertThat(warning).startsWith("database: embedded PostgreSQL in "))
        .anySatisfy(warning -> assertThat(warning).startsWith("signals: in-process"))
        .anySatisfy(warning -> assertThat(warning).startsWith("auth: JWT secret generated in "));
    // The capture opens before the context starts (class level), so it holds the start-up log.
    // This class must stay the only one that starts this context in the module's test JVM.
    String log = output.getAll();
    assertThat(log.split("database: embedded PostgreSQL in ", -1)).hasSize(2);
    assertThat(log.split("signals: in-process", -1)).hasSize(2);
    assertThat(log.split("auth: JWT secret generated in ", -1)).hasSize(2);
    assertThat(log).contains("WARN").contains("not for production; set spring.datasource.url");
  }
}
