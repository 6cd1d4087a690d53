package dev.app.taskrow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.platform.test.Answer;
import dev.platform.test.ApiClient;
import dev.platform.test.SignUp;
import dev.taskrow.core.NewTask;
import dev.taskrow.core.Taskrow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The admin API over HTTP: ADMIN only, the engine's refusals as problem+json with their codes. */
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    // Tasks stay as the test leaves them.
    properties = "taskrow.worker.enabled=false")
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class TaskAdminApiTest {
  private static final Path DATA_DIR = newDataDir();
  private static final String BASE = "/api/admin/taskrow";

  @LocalServerPort int port;
  @Autowired Taskrow taskrow;
  @Autowired JdbcTemplate jdbc;
  private String admin;

  @DynamicPropertySource
  static void embeddedDataInATempDir(DynamicPropertyRegistry registry) {
    registry.add("embedded.data-dir", DATA_DIR::toString);
  }

  private static Path newDataDir() {
    try {
      return Files.createTempDirectory(Path.of("target"), "var-");
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private ApiClient api() {
    return new ApiClient(port);
  }

  @BeforeEach
  void operator() {
    SignUp.Account ops = SignUp.newAccount(api(), null);
    jdbc.update("update accounts_user set roles = array['ADMIN'] where email = ?", ops.email());
    admin = SignUp.login(api(), ops.email(), ops.password());
  }

  @Test
  void onlyAnAdminMayUseIt() {
    Answer anonymous = api().get(BASE + "/tasks", null);
    assertThat(anonymous.status()).isEqualTo(401);
    assertThat(anonymous.code()).isEqualTo("UNAUTHENTICATED");
    String customer = SignUp.newToken(api());
    Answer forbidden = api().get(BASE + "/tasks", customer);
    assertThat(forbidden.status()).isEqualTo(403);
    assertThat(forbidden.code()).isEqualTo("FORBIDDEN");
    assertThat(api().post(BASE + "/queues/issuance/pause", customer, null).status()).isEqualTo(403);
    assertThat(api().get(BASE + "/tasks", admin).status()).isEqualTo(200);
  }

  @Test
  void badFilterValuesAre400NamingTheField() {
    Answer status = api().get(BASE + "/tasks?status=DONE", admin);
    assertThat(status.status()).isEqualTo(400);
    assertThat(status.contentType()).isEqualTo("application/problem+json");
    assertThat(status.code()).isEqualTo("INVALID_FILTER");
    assertThat(status.text("detail")).startsWith("status: DONE is none of");
    Answer time = api().get(BASE + "/tasks?created_from=yesterday", admin);
    assertThat(time.code()).isEqualTo("INVALID_FILTER");
    assertThat(time.text("detail")).startsWith("created_from: yesterday");
    assertThat(api().get(BASE + "/tasks?cursor=nope", admin).code()).isEqualTo("INVALID_FILTER");
    assertThat(api().get(BASE + "/tasks?limit=501", admin).code()).isEqualTo("INVALID_FILTER");
  }

  @Test
  void aFailedTaskIsRerunAndAnythingElseIs409() throws Exception {
    String subject = "nest:" + UUID.randomUUID();
    UUID failed = taskrow.submit(NewTask.of("registry.issue").subject(subject));
    failTask(failed, "ISSUER_TIMEOUT");
    UUID pending =
        taskrow.submit(NewTask.of("registry.issue").subject("nest:" + UUID.randomUUID()));

    Answer notFailed = api().post(BASE + "/tasks/" + pending + "/rerun", admin, null);
    assertThat(notFailed.status()).isEqualTo(409);
    assertThat(notFailed.code()).isEqualTo("TASK_NOT_FAILED");
    assertThat(api().post(BASE + "/tasks/" + UUID.randomUUID() + "/rerun", admin, null).code())
        .isEqualTo("TASK_NOT_FOUND");

    Answer rerun = api().post(BASE + "/tasks/" + failed + "/rerun", admin, null);
    assertThat(rerun.status()).isEqualTo(201);
    String newId = rerun.text("new_task_id");
    Answer detail = api().get(BASE + "/tasks/" + newId, admin);
    assertThat(detail.status()).isEqualTo(200);
    assertThat(detail.json().at("/rerun_of_id").asString()).isEqualTo(failed.toString());
    assertThat(detail.json().at("/task/status").asString()).isEqualTo("PENDING");
    assertThat(detail.json().at("/task/payload").isObject()).isTrue();
    Answer old = api().get(BASE + "/tasks/" + failed, admin);
    assertThat(old.json().at("/task/status").asString()).isEqualTo("FAILED");
    assertThat(old.json().at("/audit/0/action").asString()).isEqualTo("RERUN");
    assertThat(old.json().at("/audit/0/actor").asString()).startsWith("account:");

    Answer twice = api().post(BASE + "/tasks/" + failed + "/rerun", admin, null);
    assertThat(twice.status()).isEqualTo(409);
    assertThat(twice.code()).isEqualTo("TASK_SUPERSEDED");
    assertThat(api().get(BASE + "/tasks/" + UUID.randomUUID(), admin).status()).isEqualTo(404);
  }

  @Test
  void aBulkActionNeedsTheDryRunsCountAndRefusesWhenMoreMatch() throws Exception {
    String code = "CODE_" + UUID.randomUUID().toString().substring(0, 8);
    for (int i = 0; i < 3; i++) {
      failTask(
          taskrow.submit(NewTask.of("registry.ocr").subject("nest:" + UUID.randomUUID())), code);
    }
    Map<String, Object> filter = Map.of("error_code", code);
    Answer preview = api().post(BASE + "/bulk/rerun/preview", admin, Map.of("filter", filter));
    assertThat(preview.status()).isEqualTo(200);
    assertThat(preview.json().at("/count").asInt()).isEqualTo(3);

    Answer missing = api().post(BASE + "/bulk/rerun", admin, Map.of("filter", filter));
    assertThat(missing.status()).isEqualTo(400);
    assertThat(missing.code()).isEqualTo("INVALID_FILTER");
    Answer mismatch =
        api().post(BASE + "/bulk/rerun", admin, Map.of("filter", filter, "expected_count", 2));
    assertThat(mismatch.status()).isEqualTo(409);
    assertThat(mismatch.code()).isEqualTo("BULK_COUNT_MISMATCH");
    assertThat(mismatch.text("detail")).startsWith("3 tasks match now, more than the 2 expected");

    Answer done =
        api().post(BASE + "/bulk/rerun", admin, Map.of("filter", filter, "expected_count", 3));
    assertThat(done.status()).isEqualTo(200);
    assertThat(done.json().at("/affected").asInt()).isEqualTo(3);
    assertThat(done.json().at("/new_task_ids").size()).isEqualTo(3);

    Answer failures = api().get(BASE + "/failures", admin);
    assertThat(failures.body()).contains("\"error_code\":\"" + code + "\"");
    Answer audit = api().get(BASE + "/audit?limit=5", admin);
    assertThat(audit.json().at("/0/action").asString()).isEqualTo("BULK_RERUN");
    assertThat(audit.json().at("/0/filter/error_code").asString()).isEqualTo(code);
  }

  @Test
  void pauseNamesAnUnknownQueueAnd404s() {
    Answer unknown = api().post(BASE + "/queues/issuanse/pause", admin, null);
    assertThat(unknown.status()).isEqualTo(404);
    assertThat(unknown.code()).isEqualTo("QUEUE_NOT_FOUND");
    assertThat(unknown.text("detail")).contains("issuanse").contains("issuance");

    Answer paused = api().post(BASE + "/queues/ocr/pause", admin, null);
    assertThat(paused.status()).isEqualTo(200);
    assertThat(paused.json().at("/changed").asBoolean()).isTrue();
    Answer queues = api().get(BASE + "/queues", admin);
    assertThat(queues.body()).contains("{\"queue\":\"ocr\"").contains("\"paused\":true");
    assertThat(
            api().post(BASE + "/queues/ocr/resume", admin, null).json().at("/changed").asBoolean())
        .isTrue();
  }

  @Test
  void theOpenApiDocumentNamesEveryRefusal() {
    String docs = api().get("/v3/api-docs", null).body();
    for (String code :
        List.of(
            "TASK_NOT_FAILED",
            "TASK_SUPERSEDED",
            "BULK_COUNT_MISMATCH",
            "QUEUE_NOT_FOUND",
            "INVALID_FILTER")) {
      assertThat(docs).contains("\"" + code + "\"");
    }
    assertThat(docs).contains("\"/api/admin/taskrow/tasks/{id}/rerun\"");
  }

  private void failTask(UUID id, String code) {
    jdbc.update(
        "update taskrow_task set status = 'FAILED', error_code = ?, error_message = 'failed',"
            + " finished_at = now(), due_at = null where id = ?",
        code,
        id);
  }
}
