package dev.platform.accounts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.platform.embedded.EmbeddedDefault;
import dev.platform.test.Answer;
import dev.platform.test.ApiClient;
import dev.taskrow.test.SettableClock;
import dev.taskrow.test.TestDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The account API over real HTTP on a real PostgreSQL. */
@SpringBootTest(
    classes = AccountsTestApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class AccountsApiTest {
  private static final Path DATA_DIR = tempDir();
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final AtomicInteger EMAILS = new AtomicInteger();

  @LocalServerPort int port;
  @Autowired SettableClock clock;
  @Autowired JwtDecoder decoder;
  @Autowired ObjectProvider<EmbeddedDefault> embeddedDefaults;

  @DynamicPropertySource
  static void dataDir(DynamicPropertyRegistry registry) {
    registry.add("embedded.data-dir", DATA_DIR::toString);
  }

  private static Path tempDir() {
    try {
      return Files.createTempDirectory("accounts-var-");
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  @BeforeEach
  void reset() {
    clock.set(AccountsTestApplication.START);
    TestDatabase.truncate("accounts_login_failure");
  }

  private ApiClient api() {
    return new ApiClient(port);
  }

  private Answer post(String path, Map<String, ?> body) {
    return api().post(path, null, body);
  }

  private Answer loginFrom(String address, String email, String password) {
    return api()
        .withHeader("X-Forwarded-For", address)
        .post("/auth/login", null, Map.of("email", email, "password", password));
  }

  private Answer get(String path, String token) {
    return api().get(path, token);
  }

  private static String newEmail() {
    return "user" + EMAILS.incrementAndGet() + "-" + UUID.randomUUID() + "@example.com";
  }

  private static void assertProblem(Answer answer, int status, String code) {
    assertThat(answer.status()).isEqualTo(status);
    assertThat(answer.contentType()).startsWith("application/problem+json");
    assertThat(answer.text("code")).isEqualTo(code);
    assertThat(answer.json().get("status").asInt()).isEqualTo(status);
  }

  @Test
  void signupThenLoginGivesABearerTokenForTheAccount() {
    String email = newEmail();
    Answer signup =
        post(
            "/auth/signup",
            Map.of("email", "  " + email.toUpperCase() + " ", "password", "correct horse"));
    assertThat(signup.status()).isEqualTo(201);
    assertThat(signup.text("email")).isEqualTo(email);
    assertThat(signup.json().get("roles").toString()).isEqualTo("[\"CUSTOMER\"]");
    long id = signup.json().get("id").asLong();

    Answer login = post("/auth/login", Map.of("email", email, "password", "correct horse"));
    assertThat(login.status()).isEqualTo(200);
    assertThat(login.text("token_type")).isEqualTo("Bearer");
    assertThat(login.json().get("expires_in").asLong()).isEqualTo(3600);
    String token = login.text("access_token");
    assertThat(decoder.decode(token).getSubject()).isEqualTo(Long.toString(id));

    Answer me = get("/me", token);
    assertThat(me.status()).isEqualTo(200);
    assertThat(me.json().get("id").asLong()).isEqualTo(id);
    assertThat(me.text("email")).isEqualTo(email);
  }

  @Test
  void theRolesClaimCarriesTheChosenRoleAndGuardsEndpoints() {
    String owner = newEmail();
    Answer signup =
        post(
            "/auth/signup",
            Map.of("email", owner, "password", "owner-pass-1", "role", "MART_OWNER"));
    assertThat(signup.status()).isEqualTo(201);
    String ownerToken = signup.text("access_token");
    assertThat(decoder.decode(ownerToken).getClaimAsStringList("roles"))
        .containsExactly("MART_OWNER");
    assertThat(get("/test/owner-only", ownerToken).status()).isEqualTo(200);

    String customerToken =
        post("/auth/signup", Map.of("email", newEmail(), "password", "customer-1"))
            .text("access_token");
    assertThat(decoder.decode(customerToken).getClaimAsStringList("roles"))
        .containsExactly("CUSTOMER");
    assertProblem(get("/test/owner-only", customerToken), 403, "FORBIDDEN");
    assertProblem(get("/ops/queues", ownerToken), 403, "FORBIDDEN");
    assertProblem(get("/actuator/metrics", customerToken), 403, "FORBIDDEN");
  }

  @Test
  void anAdminGrantedInTheDatabaseReachesTheOperatorPaths() {
    String email = newEmail();
    post("/auth/signup", Map.of("email", email, "password", "admin-pass"));
    new JdbcTemplate(TestDatabase.dataSource())
        .update("update accounts_user set roles = array['ADMIN'] where email = ?", email);
    String token =
        post("/auth/login", Map.of("email", email, "password", "admin-pass")).text("access_token");
    assertThat(decoder.decode(token).getClaimAsStringList("roles")).containsExactly("ADMIN");
    // No such page in this test application: past security, the 404 of the missing handler.
    assertThat(get("/ops/queues", token).status()).isEqualTo(404);
  }

  @Test
  void whatSpringRefusesItselfIsStillAProblemWithACode() {
    String token =
        post("/auth/signup", Map.of("email", newEmail(), "password", "password1"))
            .text("access_token");
    Answer malformed = api().post("/auth/login", null, "{\"email\": ");
    assertProblem(malformed, 400, "INVALID_REQUEST");
    Answer wrongType =
        api().withHeader("Content-Type", "text/plain").post("/auth/login", null, "email=a");
    assertProblem(wrongType, 415, "UNSUPPORTED_MEDIA_TYPE");
    assertProblem(get("/test/items/not-a-number", token), 400, "INVALID_REQUEST");
    assertProblem(get("/no/such/page", token), 404, "NOT_FOUND");
    Answer wrongMethod = api().delete("/test/items/1", token);
    assertProblem(wrongMethod, 405, "METHOD_NOT_ALLOWED");
  }

  @Test
  void aJsonBodyOverTheLimitIs413DeclaredOrChunked() throws Exception {
    String huge = "{\"email\": \"" + "a".repeat(2 * 1024 * 1024) + "\", \"password\": \"x\"}";
    assertProblem(api().post("/auth/signup", null, huge), 413, "PAYLOAD_TOO_LARGE");
    // No Content-Length: counted while read.
    java.net.http.HttpResponse<String> chunked =
        java.net.http.HttpClient.newHttpClient()
            .send(
                java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create("http://localhost:" + port + "/auth/signup"))
                    .header("Content-Type", "application/json")
                    .POST(
                        java.net.http.HttpRequest.BodyPublishers.ofInputStream(
                            () ->
                                new java.io.ByteArrayInputStream(
                                    huge.getBytes(java.nio.charset.StandardCharsets.UTF_8))))
                    .build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
    assertThat(chunked.statusCode()).isEqualTo(413);
    assertThat(JSON.readTree(chunked.body()).get("code").asString()).isEqualTo("PAYLOAD_TOO_LARGE");
  }

  @Test
  void anUnexpectedErrorIsA500ThatTellsTheClientNothingOfItsCause() {
    String token =
        post("/auth/signup", Map.of("email", newEmail(), "password", "password1"))
            .text("access_token");
    Answer broken = get("/test/broken", token);
    assertProblem(broken, 500, "INTERNAL");
    assertThat(broken.body()).doesNotContain("select", "password_hash", "IllegalState");
  }

  @Test
  void signupNeverGrantsAnAdminRoleOrAnUnknownOne() {
    assertProblem(
        post("/auth/signup", Map.of("email", newEmail(), "password", "password1", "role", "ADMIN")),
        400,
        "ROLE_NOT_ALLOWED");
    assertProblem(
        post("/auth/signup", Map.of("email", newEmail(), "password", "password1", "role", "ROOT")),
        400,
        "INVALID_ROLE");
  }

  @Test
  void aWrongPasswordOrUnknownEmailIs401() {
    String email = newEmail();
    post("/auth/signup", Map.of("email", email, "password", "right-password"));
    assertProblem(
        post("/auth/login", Map.of("email", email, "password", "wrong-password")),
        401,
        "INVALID_CREDENTIALS");
    assertProblem(
        post("/auth/login", Map.of("email", newEmail(), "password", "right-password")),
        401,
        "INVALID_CREDENTIALS");
  }

  @Test
  void aTakenEmailIs409EvenInAnotherCase() {
    String email = newEmail();
    assertThat(post("/auth/signup", Map.of("email", email, "password", "password1")).status())
        .isEqualTo(201);
    assertProblem(
        post("/auth/signup", Map.of("email", email.toUpperCase(), "password", "password2")),
        409,
        "EMAIL_TAKEN");
  }

  @Test
  void invalidEmailsAndPasswordsAre400() {
    for (String email :
        new String[] {"", "no-at-sign", "a@b", "two@@example.com", "sp ace@example.com"}) {
      assertProblem(
          post("/auth/signup", Map.of("email", email, "password", "password1")),
          400,
          "INVALID_EMAIL");
    }
    assertProblem(
        post(
            "/auth/signup",
            Map.of("email", "x".repeat(250) + "@example.com", "password", "password1")),
        400,
        "INVALID_EMAIL");
    assertProblem(
        post("/auth/signup", Map.of("email", newEmail(), "password", "short7!")),
        400,
        "INVALID_PASSWORD");
    assertProblem(
        post("/auth/signup", Map.of("email", newEmail(), "password", "p".repeat(129))),
        400,
        "INVALID_PASSWORD");
    assertProblem(post("/auth/signup", Map.of("email", newEmail())), 400, "INVALID_PASSWORD");
    assertThat(
            post("/auth/signup", Map.of("email", newEmail(), "password", "p".repeat(128))).status())
        .isEqualTo(201);
  }

  @Test
  void aProtectedEndpointRefusesAMissingBadOrExpiredToken() {
    assertProblem(get("/me", null), 401, "UNAUTHENTICATED");
    assertThat(get("/me", null).header("WWW-Authenticate")).startsWith("Bearer");
    assertProblem(get("/me", "not-a-jwt"), 401, "UNAUTHENTICATED");

    String email = newEmail();
    String token =
        post("/auth/signup", Map.of("email", email, "password", "password1")).text("access_token");
    // Same claims, another key: the signature does not verify.
    String[] parts = token.split("\\.");
    String forged = parts[0] + "." + parts[1] + "." + new StringBuilder(parts[2]).reverse();
    assertProblem(get("/me", forged), 401, "UNAUTHENTICATED");

    assertThat(get("/me", token).status()).isEqualTo(200);
    clock.advance(Duration.ofHours(1).plusMinutes(2)); // past expiry and the 60 s skew
    assertProblem(get("/me", token), 401, "UNAUTHENTICATED");
  }

  @Test
  void publicEndpointsNeedNoToken() {
    assertThat(get("/test/public", null).status()).isEqualTo(200);
    assertThat(get("/v3/api-docs", null).status()).isEqualTo(200);
    assertProblem(get("/anything-else", null), 401, "UNAUTHENTICATED");
  }

  @Test
  void theOpenApiDocumentDeclaresTheBearerScheme() {
    JsonNode docs = get("/v3/api-docs", null).json();
    assertThat(docs.at("/components/securitySchemes/bearer/scheme").asString()).isEqualTo("bearer");
    assertThat(docs.at("/security/0").has("bearer")).isTrue();
  }

  @Test
  void repeatedFailuresForAnAccountAre429UntilTheWindowPasses() {
    String email = newEmail();
    post("/auth/signup", Map.of("email", email, "password", "right-password"));
    for (int i = 0; i < 5; i++) {
      clock.advance(Duration.ofMinutes(1));
      assertThat(post("/auth/login", Map.of("email", email, "password", "wrong" + i)).status())
          .isEqualTo(401);
    }
    // Even the right password is refused now: guessing must stop.
    Answer refused = post("/auth/login", Map.of("email", email, "password", "right-password"));
    assertProblem(refused, 429, "TOO_MANY_ATTEMPTS");
    // The first failure was 5 minutes ago; it leaves the 15-minute window in 11 minutes.
    assertThat(refused.header("Retry-After")).isEqualTo(Long.toString(11 * 60));

    clock.advance(Duration.ofMinutes(10));
    assertThat(post("/auth/login", Map.of("email", email, "password", "right-password")).status())
        .isEqualTo(429);
    clock.advance(Duration.ofMinutes(1));
    assertThat(post("/auth/login", Map.of("email", email, "password", "right-password")).status())
        .isEqualTo(200);
  }

  @Test
  void aBurstOfParallelGuessesGetsNoMorePasswordChecksThanTheLimit() throws Exception {
    String email = newEmail();
    post("/auth/signup", Map.of("email", email, "password", "right-password"));
    int guesses = 24;
    java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
    java.util.List<java.util.concurrent.Future<Integer>> answers = new java.util.ArrayList<>();
    try (var pool = java.util.concurrent.Executors.newFixedThreadPool(guesses)) {
      for (int i = 0; i < guesses; i++) {
        String guess = "guess-number-" + i;
        answers.add(
            pool.submit(
                () -> {
                  start.await();
                  return post("/auth/login", Map.of("email", email, "password", guess)).status();
                }));
      }
      start.countDown();
      java.util.List<Integer> statuses = new java.util.ArrayList<>();
      for (var answer : answers) {
        statuses.add(answer.get());
      }
      // The account's limit is 5: at most 5 guesses were checked (401), every other one refused.
      assertThat(statuses).containsOnly(401, 429);
      long checked = statuses.stream().filter(s -> s == 401).count();
      assertThat(checked).isLessThanOrEqualTo(5);
      // Only checked guesses count as failures (refused attempts are forgotten): fill up to 5.
      assertThat(
              new JdbcTemplate(TestDatabase.dataSource())
                  .queryForObject(
                      "select count(*) from accounts_login_failure where email = ?",
                      Long.class,
                      email))
          .isEqualTo(checked);
      for (long i = checked; i < 5; i++) {
        assertProblem(
            post("/auth/login", Map.of("email", email, "password", "one-more-" + i)),
            401,
            "INVALID_CREDENTIALS");
      }
    }
    assertProblem(
        post("/auth/login", Map.of("email", email, "password", "right-password")),
        429,
        "TOO_MANY_ATTEMPTS");
  }

  @Test
  void aStrangersWrongPasswordsDoNotLockTheOwnerOut() {
    String email = newEmail();
    post("/auth/signup", Map.of("email", email, "password", "right-password"));
    for (int i = 0; i < 5; i++) {
      assertProblem(loginFrom("198.51.100.7", email, "guess-" + i), 401, "INVALID_CREDENTIALS");
    }
    assertProblem(loginFrom("198.51.100.7", email, "right-password"), 429, "TOO_MANY_ATTEMPTS");
    assertThat(loginFrom("203.0.113.20", email, "right-password").status()).isEqualTo(200);
  }

  @Test
  void guessesSpreadOverManyAddressesStillLockTheAccount() {
    String email = newEmail();
    post("/auth/signup", Map.of("email", email, "password", "right-password"));
    for (int i = 0; i < 12; i++) { // the test's limit over all addresses is 12
      assertProblem(loginFrom("192.0.2." + (i + 1), email, "guess"), 401, "INVALID_CREDENTIALS");
    }
    assertProblem(loginFrom("203.0.113.21", email, "right-password"), 429, "TOO_MANY_ATTEMPTS");
  }

  @Test
  void aSuccessfulLoginForgetsTheAccountsFailures() {
    String email = newEmail();
    post("/auth/signup", Map.of("email", email, "password", "right-password"));
    for (int i = 0; i < 4; i++) {
      post("/auth/login", Map.of("email", email, "password", "wrong"));
    }
    assertThat(post("/auth/login", Map.of("email", email, "password", "right-password")).status())
        .isEqualTo(200);
    for (int i = 0; i < 4; i++) {
      assertThat(post("/auth/login", Map.of("email", email, "password", "wrong")).status())
          .isEqualTo(401);
    }
  }

  @Test
  void repeatedFailuresFromOneAddressAre429ForEveryAccount() {
    String email = newEmail();
    post("/auth/signup", Map.of("email", email, "password", "right-password"));
    for (int i = 0; i < 8; i++) {
      assertThat(post("/auth/login", Map.of("email", newEmail(), "password", "guess")).status())
          .isEqualTo(401);
    }
    assertProblem(
        post("/auth/login", Map.of("email", email, "password", "right-password")),
        429,
        "TOO_MANY_ATTEMPTS");
    clock.advance(Duration.ofMinutes(15));
    assertThat(post("/auth/login", Map.of("email", email, "password", "right-password")).status())
        .isEqualTo(200);
  }

  @Test
  void withoutAConfiguredSecretOneIsGeneratedOwnerOnlyAndWarnedAbout() throws IOException {
    Path secret = DATA_DIR.resolve("jwt-secret");
    assertThat(Files.size(secret)).isGreaterThanOrEqualTo(32);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(secret)))
        .isEqualTo("rw-------");
    assertThat(
            embeddedDefaults
                .orderedStream()
                .map(EmbeddedDefault::warning)
                .flatMap(Optional::stream))
        .anySatisfy(
            warning ->
                assertThat(warning)
                    .startsWith("auth: JWT secret generated in ")
                    .endsWith("not for production; set accounts.jwt-secret"));
  }
}
