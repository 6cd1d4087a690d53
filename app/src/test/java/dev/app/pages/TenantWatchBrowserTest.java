package dev.app.pages;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.Response;
import dev.app.pages.tenant.DemoTenant;
import dev.dungji.nest.Nest;
import dev.dungji.nest.NestForm;
import dev.dungji.nest.NestService;
import dev.dungji.watch.WatchScanner;
import dev.platform.accounts.AccountProvisioning;
import dev.platform.accounts.Role;
import dev.platform.browsertest.BrowserKit;
import dev.platform.browsertest.Layout;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The tenant's watch page and inbox in a real browser on the embedded defaults: the schedule form
 * (a bad end date refused with the API's 400), the re-issuance finding a new 근저당, the change on the
 * page and in the inbox. Every page passes axe and fits a 375 px phone.
 */
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT,
    properties = {"dongchimi.pages.map.tile-url=", "dungji.watch.scan-interval=0s"})
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class TenantWatchBrowserTest {
  private static final Path DATA_DIR = PagesApp.newDataDir();
  private static final int port = PagesApp.freePort();
  private static final String WATCHER = "watcher@pages.test";
  private static BrowserKit browser;

  @Autowired AccountProvisioning accounts;
  @Autowired NestService nests;
  @Autowired WatchScanner scanner;
  @Autowired JdbcClient jdbc;

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

  private String url(String path) {
    return "http://localhost:" + port + path;
  }

  @Test
  void aTenantWatchesANestAndSeesTheNewMortgageOnThePageAndInTheInbox() {
    // Not the demo tenant: its own watched nest is due at start too.
    long tenant = accounts.ensureAccount(WATCHER, DemoTenant.PASSWORD, Role.CUSTOMER);
    String tag = UUID.randomUUID().toString().substring(0, 8);
    Nest nest =
        nests.create(
            tenant,
            new NestForm(
                "지켜보는 집 " + tag + " [register:clean,seed=11,changes=3]",
                "서울특별시 마포구 월드컵북로 397",
                null,
                "101",
                "1205"));
    LocalDate today = LocalDate.now(ZoneId.of("Asia/Seoul"));
    String watchPath = "/tenant/nests/" + nest.id() + "/watch";
    try (Page page = browser.phone(BrowserKit.Options.korean())) {
      PagesApp.signIn(page, url("/login"), WATCHER);
      page.navigate(url("/tenant/nests/" + nest.id()));
      page.locator("#watch-link").click();
      page.waitForURL(Pattern.compile(".*/watch$"));
      assertThat(page.locator("#watch-state").textContent()).contains("지켜보고 있지 않아요");
      Layout.assertFitForPhone(page, "tenant-watch-none");

      // An end date in the past: the API's refusal, on the page, with its status.
      Response[] answer = new Response[1];
      page.onResponse(
          r -> {
            if (r.url().endsWith("/watch") && r.request().method().equals("POST")) {
              answer[0] = r;
            }
          });
      page.fill("#everyDays", "1");
      page.fill("#until", today.minusDays(1).toString());
      page.locator("#watch-form button[type=submit]").click();
      page.locator("#watch-invalid").waitFor();
      assertThat(answer[0].status()).isEqualTo(400);
      assertThat(page.locator("#watch-invalid").textContent()).contains("1년 안의 날짜");
      Layout.assertFitForPhone(page, "tenant-watch-invalid");

      page.fill("#everyDays", "1");
      page.fill("#until", today.plusDays(20).toString());
      page.locator("#watch-form button[type=submit]").click();
      page.waitForURL(Pattern.compile(".*/watch$"));
      assertThat(page.locator("#watch-state").textContent()).contains("지켜보는 중", "1일마다");

      // The first slot is now (no certificate yet): the scan issues the first certificate.
      scanner.scan();
      assertThat(runs(nest.id())).isEqualTo(1);
      await().atMost(Duration.ofSeconds(120)).until(() -> analysed(nest.id()) == 1);
      // A day on, the next slot: here the slot is moved to now rather than the clock a day on.
      jdbc.sql("UPDATE dungji_watch SET next_due_at = now() WHERE nest_id = ?")
          .param(nest.id())
          .update();
      scanner.scan();
      assertThat(runs(nest.id())).isEqualTo(2);

      await()
          .atMost(Duration.ofSeconds(120))
          .until(
              () -> {
                page.navigate(url(watchPath));
                return page.locator("#watch-changes li").count() > 0;
              });
      assertThat(page.locator("#watch-changes li").first().textContent()).contains("새 권리 등기: 근저당권");
      assertThat(page.locator("#watch-runs").textContent()).contains("새로 발급");
      Layout.assertFitForPhone(page, "tenant-watch-change");

      await()
          .atMost(Duration.ofSeconds(60))
          .until(
              () -> {
                page.navigate(url("/tenant/inbox"));
                return page.locator("li.message").count() > 0;
              });
      assertThat(page.locator("#inbox-unread").textContent()).contains("1건");
      assertThat(page.locator("li.message h2").first().textContent()).startsWith("[둥지] 등기부 변동");
      Layout.assertFitForPhone(page, "tenant-inbox");
      page.locator("li.message form button[type=submit]").first().click();
      page.waitForURL(Pattern.compile(".*/tenant/inbox$"));
      assertThat(page.locator("#inbox-unread").textContent()).contains("0건");

      page.navigate(url(watchPath + "?lang=en"));
      assertThat(page.locator("#watch-state").textContent()).contains("Watching");
    }
  }

  private long runs(long nestId) {
    return jdbc.sql(
            "SELECT count(*) FROM dungji_watch_run r JOIN dungji_watch w ON w.id = r.watch_id"
                + " WHERE w.nest_id = ? AND r.outcome = 'ISSUED'")
        .param(nestId)
        .query(Long.class)
        .single();
  }

  private long analysed(long nestId) {
    return jdbc.sql(
            "SELECT count(*) FROM dungji_registry_analysis WHERE nest_id = ? AND register IS NOT NULL")
        .param(nestId)
        .query(Long.class)
        .single();
  }
}
