package dev.dungji;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.dungji.registry.IssuanceQuota;
import dev.dungji.registry.RegistryTasks;
import dev.dungji.watch.WatchScanner;
import dev.platform.test.Answer;
import dev.taskrow.core.NewTask;
import dev.taskrow.core.Schedule;
import dev.taskrow.core.Taskrow;
import dev.taskrow.test.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Watching a nest, end to end on the embedded defaults with the settable clock: the scan re-issues
 * a due watch once per slot (two scans racing make one issuance), the analysis of the new
 * certificate is diffed against the last one, the change is recorded and lands in the inbox; a
 * quota that says no is recorded and nothing is paid.
 */
@TestPropertySource(
    properties = {
      "dungji.watch.scan-interval=1h",
      "dungji.quota.reuse-window=0s",
      "dungji.quota.per-nest-per-day=3"
    })
@Import({IssuanceQuotaApiTest.Clocks.class, FlakyNotifier.Config.class})
class WatchApiTest extends ApiTestBase {
  private static final ZoneId SEOUL = ZoneId.of("Asia/Seoul");

  @Autowired
  @Qualifier(DungjiAutoConfiguration.DUNGJI_CLOCK)
  SettableClock clock;

  @Autowired WatchScanner scanner;
  @Autowired IssuanceQuota quota;
  @Autowired Taskrow taskrow;
  @Autowired FlakyNotifier notifier;

  /** A nest whose sandbox register gains a 근저당, then a 압류, then a new owner. */
  private long changingNest(String token) {
    String tag = UUID.randomUUID().toString().substring(0, 8);
    return createNest(token, "지켜보는 집 " + tag + " [register:clean,seed=11,changes=3]");
  }

  private void analysedOnce(String token, long nest) {
    Answer accepted = issue(token, nest);
    JsonNode issued = awaitFinal(token, nest, accepted.json().get("task_id").asString(), false);
    assertThat(issued.get("status").asString()).isEqualTo("SUCCESS");
    JsonNode ocr = awaitFinal(token, nest, issued.get("ocr_task_id").asString(), true);
    JsonNode analysis =
        api()
            .awaitFinal(
                "/nests/"
                    + nest
                    + "/analysis/registry/analysis/"
                    + ocr.get("analysis_task_id").asString(),
                token,
                Duration.ofSeconds(60));
    assertThat(analysis.get("status").asString()).isEqualTo("SUCCESS");
  }

  private Answer watch(String token, long nest, int everyDays, LocalDate until) {
    return api()
        .put(
            "/nests/" + nest + "/watch",
            token,
            "{\"every_days\": %d, \"until\": \"%s\"}".formatted(everyDays, until));
  }

  private LocalDate today() {
    return LocalDate.ofInstant(clock.instant(), SEOUL);
  }

  @Test
  void aDueWatchIsReissuedOnceAndItsChangeReachesTheInbox() throws Exception {
    clock.set(Instant.now());
    assertThat(taskrow.kind(RegistryTasks.WATCH_SCAN_KIND).schedule())
        .isEqualTo(Schedule.every(Duration.ofHours(1)));
    String alice = newUser();
    long nest = changingNest(alice);
    analysedOnce(alice, nest);
    // The notifier is down for the first two tries (SMTP refused): the notify task retries.
    notifier.failNext(2);

    Answer started = watch(alice, nest, 1, today().plusDays(10));
    assertThat(started.status()).isEqualTo(200);
    assertThat(started.json().get("active").asBoolean()).isTrue();
    // A certificate exists: the first slot is a period away.
    assertThat(Instant.parse(started.json().get("next_due_at").asString()))
        .isAfter(clock.instant().plus(Duration.ofHours(23)));
    assertThat(scanner.scan().issued()).isZero();

    clock.advance(Duration.ofDays(1).plusMinutes(1));
    // Two scans race (as two instances would, on one database): the slot is issued once.
    CyclicBarrier start = new CyclicBarrier(2);
    List<CompletableFuture<WatchScanner.Scanned>> scans =
        List.of(
            CompletableFuture.supplyAsync(() -> scanAfter(start)),
            CompletableFuture.supplyAsync(() -> scanAfter(start)));
    for (var scan : scans) {
      scan.get();
    }
    assertThat(taskRows("nest:" + nest)).as("the first issuance and the watch's").isEqualTo(2);
    JsonNode watch = api().get("/nests/" + nest + "/watch", alice).json();
    assertThat(watch.get("runs")).hasSize(1);
    assertThat(watch.get("runs").get(0).get("outcome").asString()).isEqualTo("ISSUED");

    // The new certificate's analysis finds the new 근저당; the change reaches the inbox.
    await()
        .atMost(Duration.ofSeconds(90))
        .until(() -> api().get("/nests/" + nest + "/watch/changes", alice).json().size() > 0);
    JsonNode changes = api().get("/nests/" + nest + "/watch/changes", alice).json();
    assertThat(changes).hasSize(1);
    assertThat(changes.get(0).get("type").asString()).isEqualTo("RIGHT_ADDED");
    assertThat(changes.get(0).get("kind").asString()).isEqualTo("MORTGAGE");
    assertThat(changes.get(0).get("description").asString()).startsWith("새 권리 등기: 근저당권");
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> api().get("/inbox", alice).json().get("unread").asLong() == 1);
    assertThat(notifier.failed()).as("tries refused before delivery").isEqualTo(2);
    assertThat(notifier.delivered()).as("delivered once").isEqualTo(1);
    assertThat(api().get("/inbox", alice).json().get("messages")).hasSize(1);
    // The change was kept throughout: the same one event, now notified.
    assertThat(api().get("/nests/" + nest + "/watch/changes", alice).json()).hasSize(1);
    JsonNode message = api().get("/inbox", alice).json().get("messages").get(0);
    assertThat(message.get("title").asString()).startsWith("[둥지] 등기부 변동");
    assertThat(message.get("body").asString())
        .contains("변동 내역 / Changes: /nests/" + nest + "/watch/changes");
    assertThat(message.get("change_id").asLong()).isEqualTo(changes.get(0).get("id").asLong());
    assertThat(
            api()
                .get("/nests/" + nest + "/watch/changes", alice)
                .json()
                .get(0)
                .get("notified_at")
                .isNull())
        .isFalse();

    // Only its owner reads it or marks it read.
    String path = "/inbox/" + message.get("id").asLong() + "/read";
    assertThat(api().post(path, newUser(), null).code()).isEqualTo("INBOX_MESSAGE_NOT_FOUND");
    assertThat(api().post(path, alice, null).status()).isEqualTo(204);
    assertThat(api().get("/inbox", alice).json().get("unread").asLong()).isZero();
  }

  @Test
  void aQuotaThatSaysNoIsRecordedAndNothingIsPaid() {
    clock.set(Instant.now().plus(Duration.ofDays(400)));
    String bob = newUser();
    long nest = changingNest(bob);
    // No certificate yet: the first slot is now.
    assertThat(watch(bob, nest, 2, today().plusDays(5)).status()).isEqualTo(200);
    // The nest's daily limit is used up today (taken as issuances would take it).
    while (quota.usedToday("nest:" + nest) < 3) {
      quota.take(ownerOf(nest), nest);
    }

    WatchScanner.Scanned scanned = scanner.scan();

    assertThat(scanned.refused())
        .as("scan %s; watch %s", scanned, api().get("/nests/" + nest + "/watch", bob).body())
        .isGreaterThanOrEqualTo(1);
    assertThat(taskRows("nest:" + nest)).as("no issuance task, nothing paid").isZero();
    JsonNode watch = api().get("/nests/" + nest + "/watch", bob).json();
    assertThat(watch.get("runs").get(0).get("outcome").asString()).isEqualTo("REFUSED");
    assertThat(watch.get("runs").get(0).get("error_code").asString())
        .isEqualTo("ISSUANCE_QUOTA_NEST");
    // Moved to its next slot, two days on: the refusal is not retried within the slot.
    assertThat(Instant.parse(watch.get("next_due_at").asString())).isAfter(clock.instant());

    // Past the end date the watch ends at its next slot.
    clock.advance(Duration.ofDays(8));
    scanner.scan();
    assertThat(api().get("/nests/" + nest + "/watch", bob).json().get("active").asBoolean())
        .isFalse();
  }

  @Test
  void aWatchIsTheNestOwnersAndItsEndDateIsChecked() {
    clock.set(Instant.now());
    String carol = newUser();
    long nest = changingNest(carol);

    assertThat(api().get("/nests/" + nest + "/watch", carol).code()).isEqualTo("WATCH_NOT_FOUND");
    Answer past = watch(carol, nest, 1, today().minusDays(1));
    assertThat(past.status()).isEqualTo(400);
    assertThat(past.code()).isEqualTo("WATCH_UNTIL_INVALID");
    assertThat(watch(carol, nest, 0, today().plusDays(3)).status()).isEqualTo(400);
    assertThat(watch(newUser(), nest, 1, today().plusDays(3)).code()).isEqualTo("NEST_PERMISSION");
    assertThat(watch(carol, 999_999_999L, 1, today().plusDays(3)).code())
        .isEqualTo("NEST_NOT_FOUND");

    assertThat(watch(carol, nest, 1, today().plusDays(3)).status()).isEqualTo(200);
    Answer stopped = api().delete("/nests/" + nest + "/watch", carol);
    assertThat(stopped.status()).isEqualTo(200);
    assertThat(stopped.json().get("active").asBoolean()).isFalse();
    assertThat(api().get("/nests/" + nest + "/watch", newUser()).code())
        .isEqualTo("NEST_PERMISSION");
  }

  @Test
  void theScanRunsAsARecurringTaskOfTheEngine() throws Exception {
    clock.set(Instant.now());
    String dan = newUser();
    long nest = changingNest(dan);
    assertThat(watch(dan, nest, 1, today().plusDays(3)).status()).isEqualTo(200);

    taskrow.submit(NewTask.of(RegistryTasks.WATCH_SCAN_KIND).subject("by-hand:" + nest));

    await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> api().get("/nests/" + nest + "/watch", dan).json().get("runs").size() == 1);
  }

  private long ownerOf(long nest) {
    return jdbc.sql("SELECT owner_id FROM dungji_nest WHERE id = ?")
        .param(nest)
        .query(Long.class)
        .single();
  }

  private WatchScanner.Scanned scanAfter(CyclicBarrier start) {
    try {
      start.await();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
    return scanner.scan();
  }
}
