package dev.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dongchimi.testing.AppMigrations;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.client.RestClient;

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

  private RestClient http() {
    return RestClient.builder()
        // The JDK's client: Apache's (on this classpath) would retry a 429 after its Retry-After.
        .requestFactory(new JdkClientHttpRequestFactory())
        .baseUrl("http://localhost:" + port)
        .defaultStatusHandler(HttpStatusCode::isError, (request, response) -> {})
        .build();
  }

  @Test
  void healthIsUpWithTheEngineOnTheEmbeddedDatabaseAndItsDetailsAreForOperators() {
    ResponseEntity<String> anonymous =
        http().get().uri("/actuator/health").retrieve().toEntity(String.class);
    assertThat(anonymous.getStatusCode().value()).isEqualTo(200);
    // Anyone sees each component's status, not its details (queues, hosts).
    assertThat(anonymous.getBody())
        .contains("\"status\":\"UP\"")
        .contains("\"taskrow\":{\"status\":\"UP\"}")
        .doesNotContain("\"database\":\"reachable\"");
    ResponseEntity<String> health =
        http()
            .get()
            .uri("/actuator/health")
            .header("Authorization", "Bearer " + adminToken())
            .retrieve()
            .toEntity(String.class);
    assertThat(health.getStatusCode().value()).isEqualTo(200);
    assertThat(health.getBody())
        .contains("\"status\":\"UP\"")
        .contains("\"taskrow\"")
        .contains("\"database\":\"reachable\"");
    assertThat(Files.isDirectory(DATA_DIR.resolve("postgres"))).isTrue();
  }

  @Test
  void behindAProxyLoginsAreThrottledPerForwardedClientNotForEveryone() {
    String throttled = "203.0.113.7";
    ResponseEntity<String> last = null;
    for (int i = 0; i <= 20; i++) { // 20 failures per address are allowed in a window
      last = login("nobody" + i + "@example.com", "wrong-password", throttled);
    }
    assertThat(last.getStatusCode().value()).isEqualTo(429);
    assertThat(last.getBody()).contains("\"code\":\"TOO_MANY_ATTEMPTS\"");
    ResponseEntity<String> other = login("nobody@example.com", "wrong-password", "198.51.100.9");
    assertThat(other.getStatusCode().value()).isEqualTo(401);
  }

  private ResponseEntity<String> login(String email, String password, String forwardedFor) {
    return http()
        .post()
        .uri("/auth/login")
        .header("X-Forwarded-For", forwardedFor)
        .contentType(MediaType.APPLICATION_JSON)
        .body("{\"email\":\"" + email + "\",\"password\":\"" + password + "\"}")
        .retrieve()
        .toEntity(String.class);
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
    ResponseEntity<String> docs =
        http().get().uri("/v3/api-docs").retrieve().toEntity(String.class);
    assertThat(docs.getStatusCode().value()).isEqualTo(200);
    assertThat(docs.getHeaders().getContentType().isCompatibleWith(MediaType.APPLICATION_JSON))
        .isTrue();
    assertThat(docs.getBody()).contains("\"/ops/queues\"").contains("\"title\":\"taskrow\"");

    ResponseEntity<String> ui =
        http().get().uri("/swagger-ui/index.html").retrieve().toEntity(String.class);
    assertThat(ui.getStatusCode().value()).isEqualTo(200);
    assertThat(ui.getBody()).contains("Swagger UI");
    ResponseEntity<Void> shortcut =
        http().get().uri("/swagger-ui.html").retrieve().toBodilessEntity();
    assertThat(
            shortcut.getStatusCode().is2xxSuccessful()
                || shortcut.getStatusCode().is3xxRedirection())
        .isTrue();
  }

  /** A token of an operator: ADMIN is never chosen at signup, it is granted in the database. */
  private String adminToken() {
    String email = "ops-" + System.nanoTime() + "@example.com";
    String credentials = "{\"email\":\"" + email + "\",\"password\":\"operator-pass\"}";
    http()
        .post()
        .uri("/auth/signup")
        .contentType(MediaType.APPLICATION_JSON)
        .body(credentials)
        .retrieve()
        .toBodilessEntity();
    jdbc.update("update accounts_user set roles = array['ADMIN'] where email = ?", email);
    String login =
        http()
            .post()
            .uri("/auth/login")
            .contentType(MediaType.APPLICATION_JSON)
            .body(credentials)
            .retrieve()
            .body(String.class);
    return login.replaceAll(".*\"access_token\":\"([^\"]+)\".*", "$1");
  }

  @Test
  void opsQueuesNeedsAnOperatorToken() {
    ResponseEntity<String> anonymous =
        http().get().uri("/ops/queues").retrieve().toEntity(String.class);
    assertThat(anonymous.getStatusCode().value()).isEqualTo(401);
    assertThat(anonymous.getBody()).contains("\"code\":\"UNAUTHENTICATED\"");
  }

  @Test
  void opsQueuesAnswersInSnakeCase() {
    ResponseEntity<String> queues =
        http()
            .get()
            .uri("/ops/queues")
            .header("Authorization", "Bearer " + adminToken())
            .retrieve()
            .toEntity(String.class);
    assertThat(queues.getStatusCode().value()).isEqualTo(200);
    assertThat(queues.getBody()).contains("\"queues\":[").contains("\"oldest_pending_age_ms\"");
  }

  @Test
  void errorsAreProblemDetails() {
    ResponseEntity<String> missing =
        http()
            .get()
            .uri("/ops/nothing-here")
            .header("Authorization", "Bearer " + adminToken())
            .retrieve()
            .toEntity(String.class);
    assertThat(missing.getStatusCode().value()).isEqualTo(404);
    assertThat(missing.getHeaders().getContentType().toString())
        .isEqualTo("application/problem+json");
  }

  @Test
  void exposesPrometheusMetricsOfTheEngine() {
    ResponseEntity<String> metrics =
        http()
            .get()
            .uri("/actuator/prometheus")
            .header("Authorization", "Bearer " + adminToken())
            .retrieve()
            .toEntity(String.class);
    assertThat(metrics.getStatusCode().value()).isEqualTo(200);
    assertThat(metrics.getBody()).contains("hikaricp_connections");
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
