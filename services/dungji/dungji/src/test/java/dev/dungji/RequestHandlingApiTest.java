package dev.dungji;

import static org.assertj.core.api.Assertions.assertThat;

import dev.platform.test.Answer;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Nests, ownership and seed 000's four request-handling steps. No worker runs here, so every task
 * stays where the test puts it.
 */
@TestPropertySource(properties = "taskrow.worker.enabled=false")
class RequestHandlingApiTest extends ApiTestBase {

  @Test
  void aUserCreatesListsAndReadsOwnNests() {
    String alice = newUser();
    long nest = createNest(alice, "마포 아파트");

    assertThat(api().get("/nests/" + nest, alice).json().get("address").asString())
        .isEqualTo("서울특별시 마포구 월드컵북로 396");
    assertThat(api().get("/nests", alice).json().findValues("id"))
        .extracting(JsonNode::asLong)
        .containsExactly(nest);
    assertThat(api().get("/nests", newUser()).json()).isEmpty();
  }

  @Test
  void nestsNeedAToken() {
    assertThat(api().get("/nests", null).status()).isEqualTo(401);
    assertThat(api().post("/nests", "not-a-token", "{}").status()).isEqualTo(401);
  }

  @Test
  void invalidNestsAreRefused() {
    String alice = newUser();
    assertThat(api().post("/nests", alice, "{\"name\": \"\", \"address\": \"x\"}").status())
        .isEqualTo(400);
    assertThat(
            api()
                .post(
                    "/nests",
                    alice,
                    "{\"name\": \"n\", \"address\": \"x\", \"registry_number\": \"12; drop\"}")
                .status())
        .isEqualTo(400);
    assertThat(
            api()
                .post(
                    "/nests", alice, "{\"name\": \"" + "n".repeat(101) + "\", \"address\": \"x\"}")
                .status())
        .isEqualTo(400);
  }

  @Test
  void aPathVariableOfTheWrongTypeIs400WithoutTheParsersMessage() {
    String alice = newUser();
    Answer nest = api().get("/nests/not-a-number", alice);
    Answer task = api().get("/nests/1/analysis/registry/issue/not-a-uuid", alice);

    assertThat(nest.status()).isEqualTo(400);
    assertThat(nest.json().get("code").asString()).isEqualTo("INVALID_REQUEST");
    assertThat(nest.json().get("detail").asString()).isEqualTo("nestId has an invalid value");
    assertThat(task.status()).isEqualTo(400);
    assertThat(task.json().get("code").asString()).isEqualTo("INVALID_REQUEST");
    assertThat(nest.body() + task.body()).doesNotContain("For input string", "UUID string");
  }

  @Test
  void anIllegalArgumentFromADefectIs500AndSaysNothingOfIt() {
    Answer broken = api().get("/nests-broken", newUser());

    assertThat(broken.status()).isEqualTo(500);
    assertThat(broken.contentType()).startsWith("application/problem+json");
    assertThat(broken.json().get("code").asString()).isEqualTo("INTERNAL");
    assertThat(broken.body()).doesNotContain("payload", "nest_id", "secret", "IllegalArgument");
  }

  @Test
  void anInvalidNestNamesItsFieldsAsTheClientSentThem() {
    Answer invalid =
        api()
            .post(
                "/nests",
                newUser(),
                "{\"name\": \"n\", \"address\": \"x\", \"registry_number\": \"1\"}");

    assertThat(invalid.status()).isEqualTo(400);
    assertThat(invalid.json().get("code").asString()).isEqualTo("INVALID_REQUEST");
    assertThat(invalid.json().get("errors").findValues("field"))
        .extracting(JsonNode::asString)
        .containsExactly("registry_number");
    assertThat(invalid.json().get("detail").asString()).startsWith("registry_number: ");
  }

  @Test
  void aMissingNestIs404AndSomeoneElsesIs403WithACode() {
    String alice = newUser();
    String bob = newUser();
    long nest = createNest(alice, "alice's");

    Answer missing = issue(alice, 987_654_321L);
    Answer foreign = issue(bob, nest);

    assertThat(missing.status()).isEqualTo(404);
    assertThat(missing.contentType()).startsWith("application/problem+json");
    assertThat(missing.json().get("code").asString()).isEqualTo("NEST_NOT_FOUND");
    assertThat(foreign.status()).isEqualTo(403);
    assertThat(foreign.json().get("code").asString()).isEqualTo("NEST_PERMISSION");
    assertThat(api().get("/nests/" + nest, bob).status()).isEqualTo(403);
    assertThat(taskRows("nest:" + nest)).isZero();
  }

  @Test
  void aNewRequestIs202AndAFreshPendingTaskIsReusedWith200() {
    String alice = newUser();
    long nest = createNest(alice, "n");

    Answer first = issue(alice, nest);
    Answer second = issue(alice, nest);

    assertThat(first.status()).isEqualTo(202);
    assertThat(first.json().get("status").asString()).isEqualTo("PENDING");
    assertThat(first.json().get("reused").asBoolean()).isFalse();
    assertThat(second.status()).isEqualTo(200);
    assertThat(second.json().get("reused").asBoolean()).isTrue();
    assertThat(second.json().get("task_id").asString())
        .isEqualTo(first.json().get("task_id").asString());
    assertThat(taskRows("nest:" + nest)).isEqualTo(1);
  }

  @Test
  void aProcessingTaskIsReused() {
    String alice = newUser();
    long nest = createNest(alice, "n");
    String id = issue(alice, nest).json().get("task_id").asString();
    // Even an old one: PROCESSING is never stale here (the lease rules it).
    jdbc.sql(
            "UPDATE taskrow_task SET status = 'PROCESSING', started_at = now(),"
                + " created_at = now() - interval '1 hour' WHERE id = :id")
        .param("id", java.util.UUID.fromString(id))
        .update();

    Answer again = issue(alice, nest);

    assertThat(again.status()).isEqualTo(200);
    assertThat(again.json().get("task_id").asString()).isEqualTo(id);
    assertThat(again.json().get("status").asString()).isEqualTo("PROCESSING");
  }

  @Test
  void aStalePendingTaskIsFailedAndReplaced() {
    String alice = newUser();
    long nest = createNest(alice, "n");
    String stale = issue(alice, nest).json().get("task_id").asString();
    jdbc.sql("UPDATE taskrow_task SET created_at = now() - interval '6 minutes' WHERE id = :id")
        .param("id", java.util.UUID.fromString(stale))
        .update();

    Answer fresh = issue(alice, nest);

    assertThat(fresh.status()).isEqualTo(202);
    assertThat(fresh.json().get("task_id").asString()).isNotEqualTo(stale);
    JsonNode old = issueStatus(alice, nest, stale);
    assertThat(old.get("status").asString()).isEqualTo("FAILED");
    assertThat(old.get("error_code").asString()).isEqualTo("STALE_PENDING");
  }

  @Test
  void aPendingTaskYoungerThanTheThresholdIsNotStale() {
    String alice = newUser();
    long nest = createNest(alice, "n");
    String id = issue(alice, nest).json().get("task_id").asString();
    jdbc.sql("UPDATE taskrow_task SET created_at = now() - interval '4 minutes' WHERE id = :id")
        .param("id", java.util.UUID.fromString(id))
        .update();

    assertThat(issue(alice, nest).json().get("task_id").asString()).isEqualTo(id);
  }

  @Test
  void concurrentRequestsCreateOneTask() throws Exception {
    String alice = newUser();
    long nest = createNest(alice, "n");
    int clients = 12;
    CountDownLatch start = new CountDownLatch(1);
    List<Callable<Answer>> calls =
        IntStream.range(0, clients)
            .<Callable<Answer>>mapToObj(
                i ->
                    () -> {
                      start.await();
                      return issue(alice, nest);
                    })
            .toList();
    List<Answer> responses;
    try (ExecutorService pool = Executors.newFixedThreadPool(clients)) {
      List<Future<Answer>> futures = calls.stream().map(pool::submit).toList();
      start.countDown();
      responses = futures.stream().map(ApiTestBaseSupport::join).toList();
    }

    Set<String> ids =
        responses.stream().map(r -> r.json().get("task_id").asString()).collect(Collectors.toSet());
    assertThat(ids).hasSize(1);
    assertThat(responses).filteredOn(r -> r.status() == 202).hasSize(1);
    assertThat(responses).filteredOn(r -> r.status() == 200).hasSize(clients - 1);
    assertThat(taskRows("nest:" + nest)).isEqualTo(1);
  }

  @Test
  void aTaskOfAnotherNestIs404() {
    String alice = newUser();
    long mine = createNest(alice, "a");
    long other = createNest(alice, "b");
    String id = issue(alice, other).json().get("task_id").asString();

    Answer r = api().get("/nests/" + mine + "/analysis/registry/issue/" + id, alice);
    Answer asOcr = api().get("/nests/" + other + "/analysis/registry/ocr/" + id, alice);
    Answer unknown =
        api()
            .get(
                "/nests/" + mine + "/analysis/registry/issue/" + java.util.UUID.randomUUID(),
                alice);

    assertThat(r.status()).isEqualTo(404);
    assertThat(r.json().get("code").asString()).isEqualTo("TASK_NOT_FOUND");
    assertThat(asOcr.status()).isEqualTo(404);
    assertThat(unknown.status()).isEqualTo(404);
    assertThat(api().get("/nests/" + other + "/analysis/registry/issue/" + id, newUser()).status())
        .isEqualTo(403);
  }

  @Test
  void aFailedSubmittingTransactionIs500AndLeavesNoRow() {
    String alice = newUser();
    long nest = createNest(alice, "n");
    // The database refuses this nest's task insert (as a full disk or a dropped connection would).
    jdbc.sql(
            """
            CREATE OR REPLACE FUNCTION dungji_test_refuse() RETURNS trigger AS $$
            BEGIN RAISE EXCEPTION 'refused by test'; END $$ LANGUAGE plpgsql
            """)
        .update();
    jdbc.sql(
            "CREATE TRIGGER dungji_test_refuse_"
                + nest
                + " BEFORE INSERT ON taskrow_task FOR EACH ROW WHEN (NEW.subject = 'nest:"
                + nest
                + "') EXECUTE FUNCTION dungji_test_refuse()")
        .update();
    try {
      Answer r = issue(alice, nest);

      assertThat(r.status()).isEqualTo(500);
      assertThat(taskRows("nest:" + nest)).isZero();
    } finally {
      jdbc.sql("DROP TRIGGER dungji_test_refuse_" + nest + " ON taskrow_task").update();
    }
  }
}
