package dev.app.pages;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Response;
import com.microsoft.playwright.options.Cookie;
import com.microsoft.playwright.options.FilePayload;
import com.microsoft.playwright.options.FormData;
import com.microsoft.playwright.options.RequestOptions;
import dev.app.pages.tenant.DemoTenant;
import dev.app.taskrow.DemoOperator;
import dev.dongchimi.DemoData;
import dev.dungji.nest.NestService;
import dev.platform.accounts.AccountProvisioning;
import dev.platform.accounts.Role;
import dev.platform.browsertest.BrowserKit;
import dev.platform.browsertest.Layout;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The pages in a real browser (Debian's chromium, headless, a 375 px phone): the app on its
 * embedded defaults with the demo data, as a newcomer finds it. Every page visited passes axe (no
 * serious or critical violation) and has no sideways scroll; screenshots land in {@code
 * app/target/screenshots}. No map tiles are configured: the markers and the list must work without
 * them.
 */
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT,
    properties = "dongchimi.pages.map.tile-url=")
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class PagesBrowserTest {
  private static final Path DATA_DIR = PagesApp.newDataDir();
  private static final double GANGNAM_LAT = 37.4979;
  private static final double GANGNAM_LNG = 127.0276;
  private static final double LIVE_TIMEOUT_MS = 90_000;
  // A free port chosen here, not 0: the signed links of the local store (flyer pages, the PDF)
  // name the port the app was told.
  private static final int port = PagesApp.freePort();
  private static BrowserKit browser;

  @Autowired AccountProvisioning accounts;
  @Autowired NestService nests;

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
  void aNewcomerFindsTheThreeExperiencesAndTheDemoAccountsInKoreanAndEnglish() {
    try (Page page = browser.phone(BrowserKit.Options.korean())) {
      page.navigate(url("/"));
      assertThat(page.locator("html").getAttribute("lang")).isEqualTo("ko");
      assertThat(page.locator("h1").textContent()).isEqualTo("무엇을 도와드릴까요?");
      assertThat(page.locator(".cards a").allTextContents())
          .containsExactly("동네 마트 할인 보기", "마트 사장님", "세입자 둥지", "작업 대시보드");
      assertThat(page.locator("table code").allTextContents())
          .contains(
              DemoData.CUSTOMER,
              DemoData.OWNER,
              DemoTenant.EMAIL,
              DemoOperator.EMAIL,
              DemoData.PASSWORD);
      Layout.assertFitForPhone(page, "home-ko");

      page.locator("a.lang").click();
      page.waitForURL(Pattern.compile(".*lang=en.*"));
      assertThat(page.locator("html").getAttribute("lang")).isEqualTo("en");
      assertThat(page.locator("h1").textContent()).isEqualTo("What would you like to do?");
      Layout.assertFitForPhone(page, "home-en");
      page.navigate(url("/login")); // the cookie keeps the language
      assertThat(page.locator("h1").textContent()).isEqualTo("Sign in");
      Layout.assertFitForPhone(page, "login-en");
    }
  }

  @Test
  void aShopperWithAGrantedLocationSeesDealsByDiscountOnTheMapAndOpensAMart() {
    try (Page page = browser.phone(BrowserKit.Options.korean().at(GANGNAM_LAT, GANGNAM_LNG))) {
      page.navigate(url("/shop"));
      Layout.assertFitForPhone(page, "shop-choose");
      page.locator("[data-locate]").click();
      page.waitForURL(Pattern.compile(".*lat=37\\.4979.*"));

      List<String> discounts =
          page.locator("#deal-list li").all().stream()
              .map(li -> li.getAttribute("data-discount"))
              .toList();
      assertThat(discounts).as("a full first page").hasSize(20).doesNotContainNull();
      List<Integer> rates = discounts.stream().map(Integer::parseInt).toList();
      assertThat(rates)
          .as("sorted by discount, biggest first")
          .isSortedAccordingTo((a, b) -> Integer.compare(b, a));
      // The map works without tiles: the shopper and every mart in the list as markers.
      int marts = page.locator("#mart-list li").count();
      assertThat(marts).isPositive();
      assertThat(page.locator("#map path.leaflet-interactive").count()).isEqualTo(marts + 1);
      Layout.assertFitForPhone(page, "shop-deals");

      String martName = page.locator("#deal-list li a.mart").first().textContent();
      page.locator("#deal-list li a.mart").first().click();
      page.waitForURL(Pattern.compile(".*/shop/marts/\\d+"));
      assertThat(martName).startsWith(page.locator("h1").textContent());
      assertThat(page.locator("#flyer-heading").textContent()).isEqualTo("이번 전단");
      assertThat(page.locator(".flyer").count()).isPositive();
      assertThat(page.locator("#sale-heading ~ ul li").count()).isPositive();
      Layout.assertFitForPhone(page, "shop-mart");

      page.locator("#sale-heading ~ ul li a.name").first().click();
      page.waitForURL(Pattern.compile(".*/shop/products/\\d+"));
      assertThat(page.locator("#history-heading").textContent()).isEqualTo("가격 변동");
      Layout.assertFitForPhone(page, "shop-product");
    }
  }

  @Test
  void anOwnerUploadsAMessySheetAndSeesTheBarReach100AndTheRowErrors() {
    try (Page page = browser.phone(BrowserKit.Options.korean())) {
      signIn(page, DemoData.OWNER);
      page.navigate(url("/owner"));
      Layout.assertFitForPhone(page, "owner-marts");
      page.locator(".cards a").nth(1).click();
      page.waitForURL(Pattern.compile(".*/owner/marts/\\d+"));
      Layout.assertFitForPhone(page, "owner-mart");

      String messy =
          "상품명,정가,할인가,시작일,종료일\n"
              + "좋은 상품,1000,,,\n"
              + "가격이 글자,문의,,,\n"
              + "할인이 더 비쌈,1000,2000,2026-12-01,2026-12-07\n"
              + ",1000,900,,\n";
      page.locator("#file").setInputFiles(csv("messy.csv", messy));
      page.locator("#upload-form button[type=submit]").click();
      page.waitForURL(Pattern.compile(".*/owner/marts/\\d+/imports/[0-9a-f-]+"));
      page.locator("#row-errors").waitFor(new Locator.WaitForOptions().setTimeout(LIVE_TIMEOUT_MS));

      assertThat(page.locator("progress").getAttribute("value")).isEqualTo("100");
      assertThat(page.locator("[data-percent]").textContent()).isEqualTo("100 %");
      assertThat(page.locator(".error code").textContent()).isEqualTo("ROW_ERRORS");
      List<String> rows = page.locator("#row-errors tbody tr td:first-child").allTextContents();
      assertThat(rows).contains("3", "4", "5");
      Layout.assertFitForPhone(page, "owner-import-row-errors");
    }
  }

  @Test
  void anOwnerUploadsAValidSheetAndSeesTheProducts() {
    try (Page page = browser.phone(BrowserKit.Options.korean())) {
      signIn(page, DemoData.OWNER);
      page.navigate(url("/owner"));
      page.locator(".cards a").nth(2).click();
      page.waitForURL(Pattern.compile(".*/owner/marts/\\d+"));

      // A sale price needs its period (the import refuses a sale without one).
      java.time.LocalDate today = java.time.LocalDate.now(java.time.ZoneId.of("Asia/Seoul"));
      String valid =
          "상품명,정가,할인가,시작일,종료일\n"
              + ("브라우저 시험 사과 1kg,9900,7900," + today + "," + today.plusDays(6) + "\n")
              + "브라우저 시험 배 2kg,15900,,,\n";
      page.locator("#file").setInputFiles(csv("products.csv", valid));
      page.locator("#upload-form button[type=submit]").click();
      page.locator("#summary").waitFor(new Locator.WaitForOptions().setTimeout(LIVE_TIMEOUT_MS));
      assertThat(page.locator("progress").getAttribute("value")).isEqualTo("100");
      assertThat(page.locator("#summary dd").first().textContent()).isEqualTo("2");
      Layout.assertFitForPhone(page, "owner-import-done");

      page.locator("#summary ~ p a").click();
      page.waitForURL(Pattern.compile(".*/owner/marts/\\d+.*"));
      assertThat(page.locator("#products tbody td:first-child").allTextContents())
          .contains("브라우저 시험 사과 1kg", "브라우저 시험 배 2kg");
      assertThat(page.locator("#history-heading ~ ul li").first().textContent())
          .contains("products.csv");
    }
  }

  @Test
  void aTenantRequestsACertificateAndSeesSuccessAndTheText() {
    try (Page page = browser.phone(BrowserKit.Options.korean())) {
      signIn(page, DemoTenant.EMAIL);
      page.navigate(url("/tenant"));
      Layout.assertFitForPhone(page, "tenant-nests");
      page.locator(".cards a").first().click();
      page.waitForURL(Pattern.compile(".*/tenant/nests/\\d+"));
      Layout.assertFitForPhone(page, "tenant-nest");

      page.locator("main form button[type=submit]").click();
      page.waitForURL(Pattern.compile(".*/tenant/nests/\\d+/registry/[0-9a-f-]+"));
      page.locator("#ocr-text").waitFor(new Locator.WaitForOptions().setTimeout(LIVE_TIMEOUT_MS));
      // The page then follows the analysis and reloads once more with the parsed register.
      page.locator("#register").waitFor(new Locator.WaitForOptions().setTimeout(LIVE_TIMEOUT_MS));
      assertThat(page.locator("#issue-status").textContent()).isEqualTo("SUCCESS");
      assertThat(page.locator("#ocr-status").textContent()).isEqualTo("SUCCESS");
      assertThat(page.locator("#analysis-status").textContent()).isEqualTo("SUCCESS");
      assertThat(page.locator("#ocr-text").textContent()).contains("등기사항전부증명서");
      String pdf = page.locator("a[download]").getAttribute("href");
      assertThat(page.request().get(pdf).headers().get("content-type")).contains("pdf");
      Layout.assertFitForPhone(page, "tenant-certificate");
    }
  }

  @Test
  void theDemoOperatorOpensTheTaskDashboardAndOthersAreKeptOut() {
    try (Page page = browser.phone(BrowserKit.Options.korean())) {
      page.navigate(url("/ops/taskrow"));
      assertThat(page.url()).as("signed out: to the login form").endsWith("/login");

      signIn(page, DemoData.CUSTOMER);
      assertThat(page.navigate(url("/ops/taskrow")).status()).isEqualTo(403);
    }
    try (Page page = browser.phone(BrowserKit.Options.korean())) {
      signIn(page, DemoOperator.EMAIL);
      Response overview = page.navigate(url("/ops/taskrow"));
      assertThat(overview.status()).isEqualTo(200);
      assertThat(page.locator("h1").textContent()).isEqualTo("개요");
      // The app's own queues, with their counts: the demo data's tasks ran on them.
      assertThat(page.locator("main").textContent()).contains("issuance", "ocr");
      Layout.assertFitForPhone(page, "ops-taskrow-overview");
      assertThat(page.navigate(url("/ops/taskrow/queues")).status()).isEqualTo(200);
      assertThat(page.locator("form button").count()).as("ADMIN may pause").isPositive();
    }
  }

  @Test
  void anotherUserCannotOpenSomeoneElsesNest() {
    long tenant = accounts.ensureAccount(DemoTenant.EMAIL, DemoTenant.PASSWORD, Role.CUSTOMER);
    long nestId = nests.list(tenant).getFirst().id();
    try (Page page = browser.phone(BrowserKit.Options.korean())) {
      Response anonymous = page.navigate(url("/tenant/nests/" + nestId));
      assertThat(page.url()).as("signed out: to the login form").endsWith("/login");
      assertThat(anonymous.status()).isEqualTo(200);

      signIn(page, DemoData.CUSTOMER);
      Response refused = page.navigate(url("/tenant/nests/" + nestId));
      assertThat(refused.status()).isEqualTo(403);
      assertThat(page.locator("h1").textContent()).isEqualTo("볼 수 없는 페이지예요");
      assertThat(page.locator("main").textContent()).doesNotContain("역삼동");
      Layout.assertFitForPhone(page, "error-403");
      assertThat(page.navigate(url("/tenant/nests/999999999")).status()).isEqualTo(404);
      assertThat(
              page.navigate(
                      url("/tenant/nests/" + nestId + "/registry/" + java.util.UUID.randomUUID()))
                  .status())
          .isEqualTo(403);
    }
  }

  @Test
  void aFormWithoutItsCsrfTokenIsRefused() {
    try (Page page = browser.phone(BrowserKit.Options.korean())) {
      signIn(page, DemoData.CUSTOMER); // any account has nests: not the demo tenant's list
      page.navigate(url("/tenant"));
      FormData nest = FormData.create().set("name", "위조 요청").set("address", "서울 어딘가");
      assertThat(
              page.request()
                  .post(
                      url("/tenant/nests"),
                      RequestOptions.create().setForm(nest).setMaxRedirects(0))
                  .status())
          .isEqualTo(403);
      // The same request with the page's token goes through: the refusal was the token's.
      String token =
          page.locator("form[action='/tenant/nests'] input[name=_csrf]").getAttribute("value");
      assertThat(
              page.request()
                  .post(
                      url("/tenant/nests"),
                      RequestOptions.create().setForm(nest.set("_csrf", token)).setMaxRedirects(0))
                  .status())
          .isEqualTo(302);
      // Signing out is an action too.
      assertThat(
              page.request()
                  .post(url("/logout"), RequestOptions.create().setMaxRedirects(0))
                  .status())
          .isEqualTo(403);
    }
  }

  @Test
  void theSessionCookieAndTheHeadersAreThoseOfABrowserSession() throws Exception {
    try (Page page = browser.phone(BrowserKit.Options.korean())) {
      Response home = page.navigate(url("/"));
      String csp = home.headers().get("content-security-policy");
      assertThat(csp)
          .contains("frame-ancestors 'none'", "script-src 'self'")
          .doesNotContain("unsafe-inline", "unsafe-eval");
      assertThat(home.headers().get("x-frame-options")).isEqualTo("DENY");
      assertThat(home.headers().get("x-content-type-options")).isEqualTo("nosniff");

      List<String> setCookies = new java.util.concurrent.CopyOnWriteArrayList<>();
      page.onResponse(
          r -> {
            String cookie = r.headerValue("set-cookie");
            if (cookie != null && cookie.contains("JSESSIONID")) {
              setCookies.add(cookie);
            }
          });
      signIn(page, DemoData.CUSTOMER);
      assertThat(setCookies)
          .as("the session id changes at login, in a cookie scripts cannot read")
          .isNotEmpty()
          .allSatisfy(
              c -> assertThat(c).contains("HttpOnly", "SameSite=Lax").doesNotContain("Secure"));
      Cookie session =
          page.context().cookies().stream()
              .filter(c -> c.name.equals("JSESSIONID"))
              .findFirst()
              .orElseThrow();
      assertThat(session.httpOnly).isTrue();
      assertThat(session.sameSite).hasToString("LAX");
      assertThat(session.secure).as("plain HTTP here; Secure on TLS").isFalse();
    }
    // The JSON API keeps its bearer tokens: a session cookie is no way in, reads are public.
    HttpClient http = HttpClient.newHttpClient();
    HttpResponse<String> mine =
        http.send(
            HttpRequest.newBuilder(URI.create(url("/me/marts"))).build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(mine.statusCode()).isEqualTo(401);
    HttpResponse<String> deals =
        http.send(
            HttpRequest.newBuilder(
                    URI.create(url("/deals/nearby?lat=" + GANGNAM_LAT + "&lng=" + GANGNAM_LNG)))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(deals.statusCode()).isEqualTo(200);
    assertThat(deals.body()).contains("\"items\"");
  }

  private void signIn(Page page, String email) {
    PagesApp.signIn(page, url("/login"), email);
  }

  private static FilePayload csv(String name, String text) {
    return new FilePayload(name, "text/csv", text.getBytes(StandardCharsets.UTF_8));
  }
}
