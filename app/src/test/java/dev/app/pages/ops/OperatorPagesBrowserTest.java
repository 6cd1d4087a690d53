package dev.app.pages.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.APIResponse;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.FormData;
import com.microsoft.playwright.options.RequestOptions;
import dev.app.pages.PagesApp;
import dev.app.taskrow.DemoOperator;
import dev.dongchimi.DemoData;
import dev.dungji.registry.PaymentReconciliations;
import dev.dungji.registry.PaymentReconciliations.Reconciliation;
import dev.dungji.registry.PaymentReconciliations.Status;
import dev.platform.accounts.AccountProvisioning;
import dev.platform.accounts.Role;
import dev.platform.browsertest.Axe;
import dev.platform.browsertest.BrowserKit;
import dev.platform.browsertest.Layout;
import dev.taskrow.core.Taskrow;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The operators' pages in the app on its embedded defaults, in a real browser at 375 px: the
 * read-only operator (the OPERATOR role, {@code viewer@demo.taskrow}) on the task dashboard and on
 * 둥지's payment records, the ADMIN operator settling a record, and the dashboard speaking the
 * language chosen on the pages (their {@code lang} cookie), not the browser's header.
 */
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT,
    properties = "dongchimi.pages.map.tile-url=")
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class OperatorPagesBrowserTest {
  private static final Path DATA_DIR = PagesApp.newDataDir();
  private static final int port = PagesApp.freePort();
  private static BrowserKit browser;

  @Autowired PaymentReconciliations records;
  @Autowired AccountProvisioning accounts;
  @Autowired Taskrow taskrow;

  @DynamicPropertySource
  static void embeddedDataInATempDir(DynamicPropertyRegistry registry) {
    registry.add("embedded.data-dir", DATA_DIR::toString);
    registry.add("server.port", () -> port);
  }

  @BeforeAll
  static void startTheBrowser() {
    browser = BrowserKit.start();
  }

  @AfterAll
  static void stopTheBrowser() {
    browser.close();
  }

  @Test
  void theReadOnlyOperatorSeesEveryDashboardPageWithoutActionsAndIsRefusedWhenPosting()
      throws Exception {
    try (Page page = browser.phone(BrowserKit.Options.korean())) {
      signIn(page, DemoOperator.VIEWER_EMAIL);
      for (String path : List.of("", "/tasks", "/tasks?status=FAILED", "/failures", "/queues")) {
        assertThat(page.navigate(url("/ops/taskrow" + path)).status()).as(path).isEqualTo(200);
        assertThat(page.locator("main").isVisible()).as(path).isTrue();
        assertThat(page.locator("form[method=post]").count()).as(path).isZero();
        assertThat(page.locator("a.button").count()).as(path).isZero();
      }
      assertThat(page.locator(".who .badge").textContent()).isEqualTo("읽기 전용");
      Layout.assertFitForPhone(page, "ops-viewer-queues");

      String token = csrfToken(page);
      APIResponse pause =
          page.request()
              .post(
                  url("/ops/taskrow/queues/issuance/pause"),
                  RequestOptions.create().setForm(FormData.create().set("_csrf", token)));
      assertThat(pause.status()).isEqualTo(403);
      assertThat(pause.text()).contains("읽기 전용");
    }
    assertThat(taskrow.pausedQueues()).isEmpty();
  }

  @Test
  void theDashboardSpeaksTheLanguageChosenOnThePagesNotTheBrowsersHeader() {
    try (Page page = browser.phone(BrowserKit.Options.korean())) {
      signIn(page, DemoOperator.VIEWER_EMAIL);
      page.navigate(url("/?lang=en")); // the pages' switch: the lang cookie
      page.navigate(url("/ops/taskrow"));
      assertThat(page.locator("h1").textContent()).isEqualTo("Overview");
      assertThat(page.locator("html").getAttribute("lang")).isEqualTo("en");
      page.navigate(url("/ops/taskrow/failures?lang=ko")); // the switch works here too
      assertThat(page.locator("h1").textContent()).isEqualTo("실패");
    }
    try (Page page = browser.phone(BrowserKit.Options.english())) {
      // An English browser without the cookie: the pages' default (Korean), as on every page.
      signIn(page, DemoOperator.VIEWER_EMAIL);
      page.navigate(url("/ops/taskrow"));
      assertThat(page.locator("h1").textContent()).isEqualTo("개요");
    }
  }

  @Test
  void anAdminSettlesAPaymentRecordWhileTheReadOnlyOperatorOnlyLooks() {
    UUID refundedTask = UUID.randomUUID();
    UUID openTask = UUID.randomUUID();
    records.open(refundedTask, 41, 7, "payment sent, no answer, no result inquiry");
    records.open(openTask, 42, 8, "result inquiry window passed");
    long refunded = records.byTask(refundedTask).orElseThrow().id();
    long stillOpen = records.byTask(openTask).orElseThrow().id();

    try (Page page = browser.phone(BrowserKit.Options.korean())) {
      signIn(page, DemoOperator.VIEWER_EMAIL);
      // From the dashboard's navigation bar (taskrow.dashboard.links, set by the app).
      page.navigate(url("/ops/taskrow"));
      page.locator("nav a.extra").click();
      page.waitForURL(u -> u.endsWith("/ops/payments"));
      assertThat(page.locator("h1").textContent()).isEqualTo("결제 대조");
      assertThat(record(page, refunded).locator(".state").textContent()).isEqualTo("처리 전");
      assertThat(record(page, stillOpen).isVisible()).isTrue();
      assertThat(page.locator("main form").count()).as("read-only: no form").isZero();
      Axe.assertNoSeriousViolations(page);
      Layout.assertFitForPhone(page, "ops-payments-viewer");

      String token = csrfToken(page);
      APIResponse refused =
          page.request()
              .post(
                  url("/ops/payments/" + refunded + "/resolve"),
                  RequestOptions.create()
                      .setForm(FormData.create().set("_csrf", token).set("outcome", "REFUNDED")));
      assertThat(refused.status()).isEqualTo(403);
      assertThat(refused.text()).contains("READ_ONLY_OPERATOR");

      // The start page offers the records to operators.
      page.navigate(url("/"));
      assertThat(page.locator(".cards a").allTextContents()).contains("결제 대조");
    }
    assertThat(records.find(refunded).orElseThrow().status()).isEqualTo(Status.OPEN);

    try (Page page = browser.phone(BrowserKit.Options.korean())) {
      signIn(page, DemoData.CUSTOMER);
      assertThat(page.navigate(url("/ops/payments")).status()).isEqualTo(403);
      page.navigate(url("/"));
      assertThat(page.locator(".cards a").allTextContents()).doesNotContain("결제 대조");
    }

    long admin = accounts.ensureAccount(DemoOperator.EMAIL, DemoOperator.PASSWORD, Role.ADMIN);
    try (Page page = browser.phone(BrowserKit.Options.korean())) {
      signIn(page, DemoOperator.EMAIL);
      APIResponse noToken =
          page.request()
              .post(
                  url("/ops/payments/" + refunded + "/resolve"),
                  RequestOptions.create().setForm(FormData.create().set("outcome", "REFUNDED")));
      assertThat(noToken.status()).as("no CSRF token").isEqualTo(403);

      page.navigate(url("/ops/payments"));
      Locator open = record(page, refunded);
      open.locator("input[value=REFUNDED]").check();
      open.locator("textarea[name=note]").fill("발급기관 환불 확인 (접수 2026-12-02)");
      open.locator("button[type=submit]").click();
      assertThat(page.locator(".flash").textContent()).contains("처리했습니다");
      assertThat(page.locator("#main [data-record='" + refunded + "']").count())
          .as("no longer open")
          .isZero();
      assertThat(record(page, stillOpen).locator("form").count()).isEqualTo(1);
      Axe.assertNoSeriousViolations(page);
      Layout.assertFitForPhone(page, "ops-payments-admin");

      page.navigate(url("/ops/payments?status=REFUNDED"));
      Locator closed = record(page, refunded);
      assertThat(closed.locator(".state").textContent()).isEqualTo("환불됨");
      assertThat(closed.locator(".note").textContent()).contains("환불 확인");
      assertThat(closed.locator(".by").textContent()).contains(Long.toString(admin));
      assertThat(closed.locator("form").count()).isZero();
      Layout.assertFitForPhone(page, "ops-payments-refunded");
    }
    Reconciliation settled = records.find(refunded).orElseThrow();
    assertThat(settled.status()).isEqualTo(Status.REFUNDED);
    assertThat(settled.resolvedBy()).isEqualTo(admin);
    assertThat(settled.resolvedAt()).isNotNull();
    assertThat(settled.note()).isEqualTo("발급기관 환불 확인 (접수 2026-12-02)");
    assertThat(records.find(stillOpen).orElseThrow().status()).isEqualTo(Status.OPEN);
  }

  private static Locator record(Page page, long id) {
    return page.locator("li.record[data-record='" + id + "']");
  }

  /** The session's CSRF token, as the pages' logout form carries it. */
  private String csrfToken(Page page) {
    page.navigate(url("/"));
    return page.locator("form[action='/logout'] input[name=_csrf]").getAttribute("value");
  }

  private void signIn(Page page, String email) {
    PagesApp.signIn(page, url("/login"), email);
  }

  private String url(String path) {
    return "http://localhost:" + port + path;
  }
}
