package dev.taskrow.dashboard;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.microsoft.playwright.APIResponse;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.FormData;
import com.microsoft.playwright.options.RequestOptions;
import dev.platform.browsertest.BrowserKit;
import dev.platform.browsertest.Layout;
import dev.taskrow.core.NewTask;
import dev.taskrow.core.Schedule;
import dev.taskrow.core.Task;
import dev.taskrow.core.TaskStatus;
import dev.taskrow.core.Taskrow;
import dev.taskrow.test.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The dashboard in a real browser (Playwright driving Debian's chromium, headless, at a phone's
 * width) against the test application on a random port and the real PostgreSQL: what each user
 * sees, what each action changes in the task table, and what is refused. A screenshot of each page
 * goes to {@code target/screenshots}.
 */
class DashboardBrowserTest {
  private static ConfigurableApplicationContext app;
  private static BrowserKit browser;
  private static Taskrow taskrow;
  private static String root;
  private static String base;

  /** What the browser reported about blocked inline code, over every page of a test. */
  private final List<String> cspViolations = new CopyOnWriteArrayList<>();

  @BeforeAll
  static void start() {
    app =
        new SpringApplicationBuilder(DashboardTestApplication.class)
            .properties(
                "server.port=0",
                "taskrow.dashboard.enabled=true",
                "taskrow.dashboard.refresh=1s",
                "taskrow.worker.poll-interval=100ms",
                "taskrow.dashboard.links[0].href=/ops/extra",
                "taskrow.dashboard.links[0].label-ko=결제 대조",
                "taskrow.dashboard.links[0].label-en=Payments",
                "spring.main.banner-mode=off")
            .run();
    int port = ((WebServerApplicationContext) app).getWebServer().getPort();
    root = "http://127.0.0.1:" + port;
    base = root + "/ops/taskrow";
    taskrow = app.getBean(Taskrow.class);
    browser = BrowserKit.start();
  }

  @AfterAll
  static void stop() {
    if (browser != null) {
      browser.close();
    }
    if (app != null) {
      app.close();
    }
  }

  @BeforeEach
  void emptyTables() {
    TestDatabase.truncate("taskrow_admin_audit", "taskrow_paused_queue", "taskrow_schedule");
    DashboardTestApplication.STARTED.clear();
  }

  @Test
  void theOverviewShowsTheSeededCountsAndFollowsThemWithoutAReload() throws Exception {
    for (int i = 0; i < 3; i++) {
      taskrow.submit(NewTask.of(DashboardTestApplication.REPORT).subject("seed:" + i));
    }
    UUID done = taskrow.submit(NewTask.of(DashboardTestApplication.MAIL).subject("ok"));
    UUID failed =
        taskrow.submit(NewTask.of(DashboardTestApplication.MAIL).payload("{\"fail\":true}"));
    awaitStatus(done, TaskStatus.SUCCESS);
    awaitStatus(failed, TaskStatus.FAILED);

    try (Page page = signedIn("admin", BrowserKit.Options.korean())) {
      page.navigate(base);
      Locator reports = page.locator("#live tr[data-queue=reports]");
      assertThat(reports.locator(".pending")).hasText("3");
      Locator mail = page.locator("#live tr[data-queue=mail]");
      assertThat(mail.locator(".succeeded")).hasText("1");
      assertThat(mail.locator(".failed")).hasText("1");
      assertThat(mail.locator("svg.spark")).isVisible();
      assertThat(reports.locator(".oldest")).not().hasText("–");
      assertThat(page.locator("h1")).hasText("개요");
      assertThat(page.locator("table.workers")).containsText("mail×");
      Layout.assertFitForPhone(page, "overview");

      // Live: two more tasks appear by the htmx poll, with no navigation.
      taskrow.submit(NewTask.of(DashboardTestApplication.REPORT).subject("seed:3"));
      taskrow.submit(NewTask.of(DashboardTestApplication.REPORT).subject("seed:4"));
      assertThat(reports.locator(".pending")).hasText("5");
    }
    assertThat(cspViolations).isEmpty();
  }

  @Test
  void aFailedTaskIsFoundByItsErrorCodeAndReRunAsANewRow() throws Exception {
    UUID failed =
        taskrow.submit(
            NewTask.of(DashboardTestApplication.MAIL)
                .subject("user:7")
                .payload("{\"fail\":true,\"to\":\"a@b.kr\"}"));
    taskrow.submit(NewTask.of(DashboardTestApplication.MAIL).subject("user:8"));
    awaitStatus(failed, TaskStatus.FAILED);

    try (Page page = signedIn("admin", BrowserKit.Options.korean())) {
      page.navigate(base + "/tasks");
      page.fill("input[name=errorCode]", "SMTP_REJECTED");
      page.selectOption("select[name=status]", "FAILED");
      page.click("form.filters button[type=submit]");
      Locator rows = page.locator("table.tasks tbody tr");
      assertThat(rows).hasCount(1);
      assertThat(rows.first()).hasAttribute("data-task", failed.toString());
      Layout.assertFitForPhone(page, "tasks");

      rows.first().locator("a").click();
      assertThat(page.locator("pre.json").first()).containsText("\"to\" : \"a@b.kr\"");
      page.click("#rerun");
      Locator newTask = page.locator(".flash a.new-task");
      assertThat(newTask).isVisible();
      UUID rerun = UUID.fromString(newTask.textContent().strip());
      assertThat(page.locator("ul.chain li.rerun")).containsText(rerun.toString());
      assertThat(page.locator("table.audit")).containsText("RERUN");
      assertThat(page.locator("table.audit .actor")).hasText("admin");
      assertThat(page.locator("#rerun")).hasCount(0);
      Layout.assertFitForPhone(page, "task-detail");

      Task again = taskrow.find(rerun).orElseThrow();
      assertThat(again.kind()).isEqualTo(DashboardTestApplication.MAIL);
      assertThat(again.subject()).isEqualTo("user:7");
      assertThat(rerunOf(rerun)).isEqualTo(failed);
      assertThat(auditActors()).containsExactly("admin RERUN");
    }
  }

  @Test
  void theTaskListPagesByKeysetAndFindsATaskById() throws Exception {
    List<UUID> ids = new ArrayList<>();
    for (int i = 0; i < TasksController.PAGE + 5; i++) {
      ids.add(taskrow.submit(NewTask.of(DashboardTestApplication.REPORT).subject("page:" + i)));
    }
    try (Page page = signedIn("admin", BrowserKit.Options.korean())) {
      page.navigate(base + "/tasks?queue=reports");
      assertThat(page.locator("table.tasks tbody tr")).hasCount(TasksController.PAGE);
      page.click("#next-page");
      assertThat(page.locator("table.tasks tbody tr")).hasCount(5);
      assertThat(page.locator("#next-page")).hasCount(0);
      // Newest first: the second page holds the five submitted first.
      assertThat(page.locator("table.tasks tbody tr").first())
          .hasAttribute("data-task", ids.get(4).toString());

      page.fill("input[name=id]", ids.get(7).toString());
      page.click("form.search button[type=submit]");
      assertThat(page.locator("h1 code")).hasText(ids.get(7).toString());
    }
  }

  @Test
  void aBulkCancelShowsItsCountAndTheConfirmationCancelsExactlyThose() throws Exception {
    List<UUID> reports = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      reports.add(taskrow.submit(NewTask.of(DashboardTestApplication.REPORT).subject("bulk:" + i)));
    }
    UUID other = taskrow.submit(NewTask.of(DashboardTestApplication.REPORT).subject("other:1"));

    try (Page page = signedIn("admin", BrowserKit.Options.english())) {
      page.navigate(base + "/tasks?queue=reports&subject=bulk:2");
      assertThat(page.locator("table.tasks tbody tr")).hasCount(1);
      // All four "bulk:" reports by kind and status, without the other one: by created time.
      page.navigate(base + "/tasks?kind=report.build&status=PENDING");
      assertThat(page.locator("table.tasks tbody tr")).hasCount(5);
      taskrow.cancel(other); // leaves the filter: four remain PENDING
      page.click("#bulk-cancel");
      assertThat(page.locator("#dry-run-count")).hasText("4");
      Layout.assertFitForPhone(page, "bulk-dry-run");
      page.click("#confirm");
      assertThat(page.locator(".flash")).containsText("4 tasks");
    }
    for (UUID id : reports) {
      Task task = taskrow.find(id).orElseThrow();
      assertThat(task.status()).isEqualTo(TaskStatus.FAILED);
      assertThat(task.errorCode()).isEqualTo("CANCELLED");
    }
    assertThat(auditActors()).containsExactly("admin BULK_CANCEL");
  }

  @Test
  void aConfirmationRefusesWhenMoreTasksMatchThanTheDryRunShowed() throws Exception {
    for (int i = 0; i < 2; i++) {
      taskrow.submit(NewTask.of(DashboardTestApplication.REPORT).subject("grow:" + i));
    }
    try (Page page = signedIn("admin", BrowserKit.Options.korean())) {
      page.navigate(base + "/bulk/cancel?kind=report.build&status=PENDING");
      assertThat(page.locator("#dry-run-count")).hasText("2");
      UUID late = taskrow.submit(NewTask.of(DashboardTestApplication.REPORT).subject("grow:2"));
      page.click("#confirm");
      assertThat(page.locator("#code")).hasText("BULK_COUNT_MISMATCH");
      Layout.screenshot(page, "bulk-refused");
      assertThat(taskrow.find(late).orElseThrow().status()).isEqualTo(TaskStatus.PENDING);
    }
    assertThat(auditActors()).isEmpty();
  }

  @Test
  void aFailureGroupsCancelShowsTheCountOfItsKindsActiveTasksAndCancelsExactlyThose()
      throws Exception {
    // A FAILED group of report.build (code CANCELLED), three more of that kind still waiting, and
    // a waiting task of another kind of another queue that the group's cancel must leave alone.
    taskrow.cancel(taskrow.submit(NewTask.of(DashboardTestApplication.REPORT).subject("g:0")));
    List<UUID> waiting = new ArrayList<>();
    for (int i = 1; i <= 3; i++) {
      waiting.add(taskrow.submit(NewTask.of(DashboardTestApplication.REPORT).subject("g:" + i)));
    }
    UUID otherKind = taskrow.submit(NewTask.of(DashboardTestApplication.HOURLY).subject("g:x"));

    try (Page page = signedIn("admin", BrowserKit.Options.english())) {
      page.navigate(base + "/failures");
      // The application's extra link is in the navigation, in the page's language.
      assertThat(page.locator("nav a.extra")).hasText("Payments");
      assertThat(page.locator("nav a.extra")).hasAttribute("href", "/ops/extra");
      Locator group =
          page.locator("table.failures tr[data-kind='report.build'][data-code=CANCELLED]");
      assertThat(group.locator(".count")).hasText("1");
      group.locator("a.cancel-group").click();
      assertThat(page.locator("#dry-run-count")).hasText("3");
      Layout.assertFitForPhone(page, "failures-cancel-dry-run");
      page.click("#confirm");
      assertThat(page.locator(".flash")).containsText("3 tasks");
    }
    for (UUID id : waiting) {
      assertThat(taskrow.find(id).orElseThrow().errorCode()).isEqualTo("CANCELLED");
    }
    assertThat(taskrow.find(otherKind).orElseThrow().status()).isEqualTo(TaskStatus.PENDING);
    assertThat(auditActors()).containsExactly("admin BULK_CANCEL");
    assertThat(auditedFilter()).contains("report.build").doesNotContain("CANCELLED");
  }

  @Test
  void aPausedQueueShowsPausedAndStartsNoTaskUntilResumed() throws Exception {
    try (Page page = signedIn("admin", BrowserKit.Options.korean())) {
      page.navigate(base + "/queues");
      Locator mail = page.locator("tr[data-queue=mail]");
      mail.locator("button.pause").click();
      assertThat(mail.locator(".state")).hasText("일시 정지됨");
      Layout.assertFitForPhone(page, "queues");

      UUID waiting = taskrow.submit(NewTask.of(DashboardTestApplication.MAIL).subject("held"));
      // The worker polls every 100 ms: over 2 s it would have started the task many times over.
      await()
          .during(Duration.ofSeconds(2))
          .atMost(Duration.ofSeconds(3))
          .until(
              () ->
                  !DashboardTestApplication.STARTED.contains(waiting.toString())
                      && taskrow.find(waiting).orElseThrow().status() == TaskStatus.PENDING);
      page.navigate(base);
      assertThat(page.locator("#live tr[data-queue=mail] .state")).hasText("일시 정지됨");

      page.navigate(base + "/queues");
      mail.locator("button.resume").click();
      assertThat(mail.locator(".state")).hasText("실행 중");
      awaitStatus(waiting, TaskStatus.SUCCESS);
    }
    assertThat(auditActors()).containsExactly("admin PAUSE", "admin RESUME");
  }

  @Test
  void theQueuesPageListsEachRecurringKindWithItsScheduleLastSlotAndNextSlots() throws Exception {
    Instant lastSlot = Instant.parse("2026-03-29T01:00:00Z");
    setLastEnqueuedSlot(DashboardTestApplication.HOURLY, lastSlot);
    try (Page page = signedIn("admin", BrowserKit.Options.korean())) {
      List<String> hourlyBefore = nextSlotsInSeoul(DashboardTestApplication.HOURLY_SCHEDULE);
      List<String> nightlyBefore = nextSlotsInSeoul(DashboardTestApplication.NIGHTLY_SCHEDULE);
      page.navigate(base + "/queues");
      Locator schedules = page.locator("table.schedules");
      assertThat(page.locator("h2")).hasText("반복 일정");

      Locator hourly = schedules.locator("tr[data-kind='" + DashboardTestApplication.HOURLY + "']");
      assertThat(hourly.locator("td").first()).hasText("digests");
      assertThat(hourly.locator(".every")).hasText("1h마다");
      // 01:00 UTC is 10:00 in Seoul, the dashboard's zone.
      assertThat(hourly.locator(".last time")).hasText("2026-03-29 10:00:00");
      List<String> hourlyShown = hourly.locator("ol.next time").allTextContents();

      Locator nightly =
          schedules.locator("tr[data-kind='" + DashboardTestApplication.NIGHTLY + "']");
      assertThat(nightly.locator(".cron")).hasText("30 4 * * *");
      assertThat(nightly.locator(".cron-zone")).hasText("Europe/Berlin");
      assertThat(nightly.locator(".last")).hasText("아직 없음");
      List<String> nightlyShown = nightly.locator("ol.next time").allTextContents();

      // A slot may come due between the page's reading and the test's: either answer is right.
      assertThat(hourlyShown)
          .isIn(hourlyBefore, nextSlotsInSeoul(DashboardTestApplication.HOURLY_SCHEDULE));
      assertThat(nightlyShown)
          .isIn(nightlyBefore, nextSlotsInSeoul(DashboardTestApplication.NIGHTLY_SCHEDULE));
      assertThat(schedules.locator("tbody tr")).hasCount(2);
      Layout.assertFitForPhone(page, "queues-schedules");
    }
    try (Page page = signedIn("admin", BrowserKit.Options.english())) {
      page.navigate(base + "/queues");
      assertThat(page.locator("h2")).hasText("Recurring schedules");
      assertThat(page.locator("tr[data-kind='" + DashboardTestApplication.HOURLY + "'] .every"))
          .hasText("every 1h");
    }
    assertThat(cspViolations).isEmpty();
  }

  @Test
  void aReadOnlyUserSeesNoActionAndIsRefusedWhenPostingAnyway() throws Exception {
    UUID failed =
        taskrow.submit(NewTask.of(DashboardTestApplication.MAIL).payload("{\"fail\":true}"));
    UUID pending = taskrow.submit(NewTask.of(DashboardTestApplication.REPORT).subject("ro"));
    awaitStatus(failed, TaskStatus.FAILED);

    try (Page page = signedIn("viewer", BrowserKit.Options.korean())) {
      for (String path :
          List.of(
              "",
              "/tasks?kind=report.build",
              "/tasks/" + failed,
              "/tasks/" + pending,
              "/failures",
              "/queues",
              "/bulk/cancel?kind=report.build")) {
        page.navigate(base + path);
        assertThat(page.locator("main")).isVisible();
        assertThat(page.locator("form[method=post]")).hasCount(0);
        assertThat(page.locator("a.button")).hasCount(0);
      }
      Layout.screenshot(page, "viewer-bulk");
      page.navigate(base + "/failures");
      assertThat(page.locator("table.failures tr[data-code=SMTP_REJECTED] .count")).hasText("1");
      Layout.assertFitForPhone(page, "failures");

      String token = page.request().get(root + "/csrf").text();
      for (String action :
          List.of(
              "/queues/mail/pause",
              "/tasks/" + failed + "/rerun",
              "/tasks/" + pending + "/cancel")) {
        APIResponse refused =
            page.request()
                .post(
                    base + action,
                    RequestOptions.create().setForm(FormData.create().set("_csrf", token)));
        assertThat(refused.status()).as(action).isEqualTo(403);
        assertThat(refused.text()).contains("읽기 전용");
      }
    }
    assertThat(taskrow.pausedQueues()).isEmpty();
    assertThat(taskrow.find(pending).orElseThrow().status()).isEqualTo(TaskStatus.PENDING);
    assertThat(auditActors()).isEmpty();
  }

  @Test
  void aPostWithoutItsCsrfTokenIsRefused() throws Exception {
    UUID pending = taskrow.submit(NewTask.of(DashboardTestApplication.REPORT).subject("csrf"));
    try (Page page = signedIn("admin", BrowserKit.Options.korean())) {
      APIResponse noToken = page.request().post(base + "/queues/mail/pause");
      assertThat(noToken.status()).isEqualTo(403);
      APIResponse wrongToken =
          page.request()
              .post(
                  base + "/tasks/" + pending + "/cancel",
                  RequestOptions.create().setForm(FormData.create().set("_csrf", "forged")));
      assertThat(wrongToken.status()).isEqualTo(403);

      // The same POST with the session's token does act: the refusals above were the token's.
      String token = page.request().get(root + "/csrf").text();
      APIResponse withToken =
          page.request()
              .post(
                  base + "/tasks/" + pending + "/cancel",
                  RequestOptions.create()
                      .setForm(FormData.create().set("_csrf", token))
                      .setMaxRedirects(0));
      assertThat(withToken.status()).isEqualTo(302);
    }
    assertThat(taskrow.pausedQueues()).isEmpty();
    assertThat(taskrow.find(pending).orElseThrow().errorCode()).isEqualTo("CANCELLED");
    assertThat(auditActors()).containsExactly("admin CANCEL");
  }

  @Test
  void aUserWithNeitherRoleGets403AndAnAnonymousVisitorIsSentToLogIn() {
    try (Page page = browser.phone(BrowserKit.Options.korean())) {
      page.navigate(base + "/tasks");
      assertThat(page).hasURL(root + "/login");
    }
    try (Page page = signedIn("plain", BrowserKit.Options.korean())) {
      APIResponse overview = page.request().get(base);
      assertThat(overview.status()).isEqualTo(403);
      APIResponse detail = page.request().get(base + "/tasks?status=FAILED");
      assertThat(detail.status()).isEqualTo(403);
    }
  }

  @Test
  void anEnglishBrowserGetsEnglishLabelsAndARefusalShowsItsCode() {
    try (Page page = signedIn("admin", BrowserKit.Options.english())) {
      page.navigate(base);
      assertThat(page.locator("h1")).hasText("Overview");
      assertThat(page.locator("html")).hasAttribute("lang", "en");
      page.navigate(base + "/tasks/" + UUID.randomUUID());
      assertThat(page.locator("#code")).hasText("TASK_NOT_FOUND");
      page.navigate(base + "/tasks?from=yesterday");
      assertThat(page.locator("#code")).hasText("INVALID_FILTER");
      Layout.screenshot(page, "refusal");
    }
    assertThat(cspViolations).isEmpty();
  }

  /** A fresh profile, signed in through the application's login form. */
  private Page signedIn(String user, BrowserKit.Options options) {
    Page page = browser.phone(options);
    page.onConsoleMessage(
        message -> {
          if (message.text().contains("Content Security Policy")) {
            cspViolations.add(message.text());
          }
        });
    page.navigate(base);
    page.fill("input[name=username]", user);
    page.fill("input[name=password]", user + "-pw");
    page.click("button[type=submit]");
    page.waitForURL(url -> !url.contains("/login"));
    return page;
  }

  private static void awaitStatus(UUID id, TaskStatus status) {
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> taskrow.find(id).orElseThrow().status() == status);
  }

  private static UUID rerunOf(UUID id) throws SQLException {
    try (Connection c = TestDatabase.dataSource().getConnection();
        PreparedStatement s =
            c.prepareStatement("select rerun_of from taskrow_task where id = ?")) {
      s.setObject(1, id);
      try (ResultSet r = s.executeQuery()) {
        r.next();
        return r.getObject(1, UUID.class);
      }
    }
  }

  /** The next three slots after now as the dashboard writes them, in its default zone. */
  private static List<String> nextSlotsInSeoul(Schedule schedule) {
    DateTimeFormatter seoul =
        DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneId.of("Asia/Seoul"));
    return schedule.next(Instant.now(), 3).stream().map(seoul::format).toList();
  }

  /** What a scheduler leaves after enqueuing {@code slot} (no worker runs the kind here). */
  private static void setLastEnqueuedSlot(String kind, Instant slot) throws SQLException {
    try (Connection c = TestDatabase.dataSource().getConnection();
        PreparedStatement s =
            c.prepareStatement(
                """
                insert into taskrow_schedule (kind, enqueued_through, last_slot, updated_at)
                values (?, ?, ?, now())
                on conflict (kind) do update
                set enqueued_through = excluded.enqueued_through, last_slot = excluded.last_slot
                """)) {
      s.setString(1, kind);
      s.setObject(2, OffsetDateTime.ofInstant(slot, ZoneOffset.UTC));
      s.setObject(3, OffsetDateTime.ofInstant(slot, ZoneOffset.UTC));
      s.executeUpdate();
    }
  }

  /** The filter the newest audit row recorded, as JSON. */
  private static String auditedFilter() throws SQLException {
    try (Connection c = TestDatabase.dataSource().getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "select filter::text from taskrow_admin_audit order by id desc limit 1");
        ResultSet r = s.executeQuery()) {
      r.next();
      return r.getString(1);
    }
  }

  /** "actor ACTION" of every audit row, oldest first. */
  private static List<String> auditActors() throws SQLException {
    List<String> rows = new ArrayList<>();
    try (Connection c = TestDatabase.dataSource().getConnection();
        PreparedStatement s =
            c.prepareStatement("select actor, action from taskrow_admin_audit order by id");
        ResultSet r = s.executeQuery()) {
      while (r.next()) {
        rows.add(r.getString(1) + " " + r.getString(2));
      }
    }
    return rows;
  }
}
