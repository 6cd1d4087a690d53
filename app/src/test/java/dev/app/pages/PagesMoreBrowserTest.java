package dev.app.pages;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.APIResponse;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Response;
import com.microsoft.playwright.options.FilePayload;
import com.microsoft.playwright.options.FormData;
import com.microsoft.playwright.options.RequestOptions;
import dev.app.pages.tenant.DemoTenant;
import dev.dongchimi.Catalog;
import dev.dongchimi.DemoData;
import dev.dongchimi.Mart;
import dev.dongchimi.Product;
import dev.dungji.nest.Nest;
import dev.dungji.nest.NestForm;
import dev.dungji.nest.NestService;
import dev.dungji.registry.IssuanceQuota;
import dev.platform.accounts.AccountProvisioning;
import dev.platform.accounts.Role;
import dev.platform.browsertest.BrowserKit;
import dev.platform.browsertest.Layout;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The pages added after {@link PagesBrowserTest}, in the same real browser on the same embedded
 * defaults: a shopper's favourites, a mart owner's edits (mart, inline price, flyer), a tenant's
 * fresh certificate and the quota's refusal. Every new page passes axe and fits a 375 px phone.
 */
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT,
    properties = "dongchimi.pages.map.tile-url=")
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class PagesMoreBrowserTest {
  private static final Path DATA_DIR = PagesApp.newDataDir();
  private static final double LIVE_TIMEOUT_MS = 90_000;
  private static final int port = PagesApp.freePort();
  private static BrowserKit browser;

  @Autowired AccountProvisioning accounts;
  @Autowired Catalog catalog;
  @Autowired NestService nests;
  @Autowired IssuanceQuota quota;

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

  private long owner() {
    return accounts.ensureAccount(DemoData.OWNER, DemoData.PASSWORD, Role.MART_OWNER);
  }

  /** A demo mart with products on sale, chosen by its index so each test has its own. */
  private Mart demoMart(int index) {
    List<Mart> marts = catalog.martsOwnedBy(owner());
    return marts.stream()
        .skip(index)
        .filter(m -> !catalog.productsOfMart(m.id(), null, true, null, 1, 0).isEmpty())
        .findFirst()
        .orElseThrow();
  }

  @Test
  void aShopperKeepsFavouriteMartsAndProductsAndSeesTheDealsAtThem() {
    Mart mart = demoMart(5);
    Product onSale = catalog.productsOfMart(mart.id(), null, true, null, 1, 0).getFirst();
    try (Page page = browser.phone(BrowserKit.Options.korean())) {
      page.navigate(url("/shop/favorites"));
      assertThat(page.url()).as("favourites need an account").endsWith("/login");
      signIn(page, DemoData.CUSTOMER);

      page.navigate(url("/shop/marts/" + mart.id()));
      Locator martButton = page.locator("#favorite-mart button");
      assertThat(martButton.textContent()).isEqualTo("즐겨찾기에 추가");
      martButton.click();
      page.waitForURL(Pattern.compile(".*/shop/marts/" + mart.id()));
      assertThat(page.locator("#favorite-mart button").getAttribute("aria-pressed"))
          .isEqualTo("true");
      assertThat(page.locator("#favorite-mart button").textContent()).isEqualTo("즐겨찾기에서 빼기");

      page.navigate(url("/shop/products/" + onSale.id()));
      page.locator("#favorite-product button").click();
      page.waitForURL(Pattern.compile(".*/shop/products/" + onSale.id()));
      assertThat(page.locator("#favorite-product button").getAttribute("aria-pressed"))
          .isEqualTo("true");
      Layout.assertFitForPhone(page, "shop-product-favorite");

      page.locator("header nav a[href='/shop/favorites']").click();
      page.waitForURL(Pattern.compile(".*/shop/favorites"));
      assertThat(page.locator("h1").textContent()).isEqualTo("즐겨찾기");
      assertThat(page.locator("#favorite-marts li").allTextContents()).contains(mart.name());
      assertThat(page.locator("#favorite-products li").allTextContents()).contains(onSale.name());
      List<Integer> rates =
          page.locator("#favorite-deals li").all().stream()
              .map(li -> Integer.parseInt(li.getAttribute("data-discount")))
              .toList();
      assertThat(rates)
          .as("the favourite mart's deals, biggest discount first")
          .isNotEmpty()
          .isSortedAccordingTo((a, b) -> Integer.compare(b, a));
      assertThat(page.locator("#favorite-deals li a.mart").allTextContents())
          .containsOnly(mart.name());
      Layout.assertFitForPhone(page, "shop-favorites");

      // Without the form's CSRF token an add is refused, as every action is.
      assertThat(
              page.request()
                  .post(
                      url("/shop/favorites/marts/" + demoMart(7).id()),
                      RequestOptions.create().setMaxRedirects(0))
                  .status())
          .isEqualTo(403);
    }
  }

  @Test
  void anOwnerEditsTheMartAPriceInlineAndPublishesAFlyerShoppersSee() throws IOException {
    Mart mart = demoMart(9);
    try (Page page = browser.phone(BrowserKit.Options.korean())) {
      signIn(page, DemoData.OWNER);
      page.navigate(url("/owner/marts/" + mart.id()));
      page.locator("#edit-mart").click();
      page.waitForURL(Pattern.compile(".*/owner/marts/\\d+/edit"));
      Layout.assertFitForPhone(page, "owner-mart-edit");

      page.locator("#phone").fill("전화 주세요");
      page.locator("#mart-form button[type=submit]").click();
      page.locator("#mart-refused").waitFor();
      assertThat(page.locator("#mart-refused code").textContent()).isEqualTo("INVALID_PHONE");
      assertThat(page.locator("#phone").inputValue()).as("kept as typed").isEqualTo("전화 주세요");
      assertThat(page.locator("#phone").getAttribute("aria-invalid")).isEqualTo("true");
      Layout.assertFitForPhone(page, "owner-mart-edit-refused");
      page.locator("#phone").fill("02-555-1234");
      page.locator("#opening_hours").fill("08:00-23:00");
      page.locator("#mart-form button[type=submit]").click();
      page.waitForURL(Pattern.compile(".*/owner/marts/\\d+$"));
      assertThat(page.locator("#mart-saved").isVisible()).isTrue();
      assertThat(catalog.mart(mart.id()).phone()).isEqualTo("02-555-1234");
      assertThat(catalog.mart(mart.id()).openingHours()).isEqualTo("08:00-23:00");

      // Inline edit of the first product's prices: htmx swaps the row for its form and back.
      Locator first = page.locator("#products tbody tr").first();
      String rowId = first.getAttribute("id");
      long productId = Long.parseLong(rowId.substring("product-".length()));
      Product before = catalog.product(productId);
      first.locator("a.edit").click();
      Locator form = page.locator("#" + rowId + " form.price-form");
      form.waitFor();
      LocalDate today = LocalDate.now(ZoneId.of("Asia/Seoul"));
      form.locator("input[name=regular_price]").fill("5000");
      form.locator("input[name=sale_price]").fill("6000");
      form.locator("input[name=sale_start]").fill(today.toString());
      form.locator("input[name=sale_end]").fill(today.plusDays(3).toString());
      form.locator("button[type=submit]").click();
      page.locator("#" + rowId + " .error code").waitFor();
      assertThat(page.locator("#" + rowId + " .error code").textContent())
          .isEqualTo("INVALID_PRICE");
      assertThat(page.locator("#" + rowId + " .error span").textContent()).contains("할인가");
      assertThat(catalog.product(productId).regularPrice())
          .as("nothing stored")
          .isEqualTo(before.regularPrice());
      Layout.assertFitForPhone(page, "owner-price-edit-refused");
      page.locator("#" + rowId + " input[name=sale_price]").fill("3900");
      page.locator("#" + rowId + " button[type=submit]").click();
      page.locator("#" + rowId + " .saved").waitFor();
      assertThat(page.locator("#" + rowId + " td").nth(2).textContent()).isEqualTo("3,900원");
      Product after = catalog.product(productId);
      assertThat(after.regularPrice()).isEqualTo(5000);
      assertThat(after.salePrice()).isEqualTo(3900);
      assertThat(after.saleEnd()).isEqualTo(today.plusDays(3));
      Layout.assertFitForPhone(page, "owner-mart-price-saved");

      // A flyer with two page images; the shoppers' mart page shows it with its dates.
      page.locator("#flyer-title").fill("브라우저 시험 전단");
      page.locator("#flyer-from").fill(today.toString());
      page.locator("#flyer-to").fill(today.plusDays(6).toString());
      page.locator("#flyer-pages").setInputFiles(new FilePayload[] {png("p1.png"), png("p2.png")});
      page.locator("#flyer-form button[type=submit]").click();
      page.locator("#flyer-saved").waitFor();
      assertThat(page.locator("#owner-flyers li").allTextContents())
          .anySatisfy(t -> assertThat(t).contains("브라우저 시험 전단", "2쪽"));
      Layout.assertFitForPhone(page, "owner-mart-flyer");
      page.locator("#flyer-to").fill(today.minusDays(1).toString());
      page.locator("#flyer-title").fill("거꾸로 된 전단");
      page.locator("#flyer-from").fill(today.toString());
      page.locator("#flyer-form button[type=submit]").click();
      page.locator("#flyer-error").waitFor();
      assertThat(page.locator("#flyer-error code").textContent()).isEqualTo("INVALID_DATES");

      page.navigate(url("/shop/marts/" + mart.id()));
      Locator flyer = page.locator(".flyer", new Page.LocatorOptions().setHasText("브라우저 시험 전단"));
      assertThat(flyer.locator("img").count()).isEqualTo(2);
      assertThat(page.locator("main").textContent()).contains("02-555-1234");
    }
  }

  @Test
  void anotherOwnerCannotEditSomeoneElsesMartOrItsPrices() {
    Mart mart = demoMart(11);
    long productId = catalog.productsOfMart(mart.id(), null, null, null, 1, 0).getFirst().id();
    accounts.ensureAccount("rival@pages.test", DemoData.PASSWORD, Role.MART_OWNER);
    try (Page page = browser.phone(BrowserKit.Options.korean())) {
      signIn(page, "rival@pages.test");
      assertThat(page.navigate(url("/owner/marts/" + mart.id() + "/edit")).status()).isEqualTo(403);
      assertThat(
              page.navigate(url("/owner/marts/" + mart.id() + "/products/" + productId + "/edit"))
                  .status())
          .isEqualTo(403);
      assertThat(page.navigate(url("/owner/marts/999999999/edit")).status()).isEqualTo(404);
      // With a valid token of the rival's own session: still someone else's mart.
      page.navigate(url("/owner"));
      String token = page.locator("header form input[name=_csrf]").getAttribute("value");
      FormData price =
          FormData.create()
              .set("_csrf", token)
              .set("regular_price", "1")
              .set("sale_price", "")
              .set("sale_start", "")
              .set("sale_end", "");
      APIResponse refused =
          page.request()
              .post(
                  url("/owner/marts/" + mart.id() + "/products/" + productId + "/price"),
                  RequestOptions.create().setForm(price).setMaxRedirects(0));
      assertThat(refused.status()).isEqualTo(403);
      assertThat(catalog.product(productId).regularPrice()).isNotEqualTo(1);
    }
    try (Page page = browser.phone(BrowserKit.Options.korean())) {
      signIn(page, DemoData.OWNER);
      FormData noToken = FormData.create().set("name", "위조").set("address", "서울");
      assertThat(
              page.request()
                  .post(
                      url("/owner/marts/" + mart.id() + "/edit"),
                      RequestOptions.create().setForm(noToken).setMaxRedirects(0))
                  .status())
          .as("the owner's own mart, but no CSRF token")
          .isEqualTo(403);
      assertThat(catalog.mart(mart.id()).name()).isEqualTo(mart.name());
    }
  }

  @Test
  void aTenantAsksForAFreshCertificateAndSeesWhenTheQuotaAllowsTheNextOne() {
    long tenant = accounts.ensureAccount(DemoTenant.EMAIL, DemoTenant.PASSWORD, Role.CUSTOMER);
    Nest nest =
        nests.create(
            tenant,
            new NestForm("새로 발급 시험", "서울특별시 강남구 역삼동 123-46", "1146-2006-054321", "101", "1204"));
    try (Page page = browser.phone(BrowserKit.Options.korean())) {
      signIn(page, DemoTenant.EMAIL);
      page.navigate(url("/tenant/nests/" + nest.id()));
      Layout.assertFitForPhone(page, "tenant-nest-fresh");
      page.locator("main form button[type=submit]").click();
      page.waitForURL(Pattern.compile(".*/registry/[0-9a-f-]+$"));
      String firstTask = page.url().replaceAll(".*/registry/", "");
      page.locator("#ocr-text").waitFor(new Locator.WaitForOptions().setTimeout(LIVE_TIMEOUT_MS));
      // The page then follows the analysis and reloads once more: wait for it before leaving.
      page.locator("#register").waitFor(new Locator.WaitForOptions().setTimeout(LIVE_TIMEOUT_MS));

      // Asked again: the recent certificate is shown, not paid for again; 새로 발급 pays.
      page.navigate(url("/tenant/nests/" + nest.id()));
      page.locator("main form button[type=submit]").click();
      page.waitForURL(Pattern.compile(".*/registry/[0-9a-f-]+\\?reused=true$"));
      assertThat(page.url()).contains(firstTask);
      assertThat(page.locator("#reused").textContent()).contains("최근에 발급한");
      Layout.assertFitForPhone(page, "tenant-certificate-reused");
      page.locator("#reused button#fresh").click();
      page.waitForURL(Pattern.compile(".*/registry/[0-9a-f-]+$"));
      assertThat(page.url()).doesNotContain(firstTask);
      // Finished before the next ask: an active task would be reused, not refused.
      page.locator("#ocr-text").waitFor(new Locator.WaitForOptions().setTimeout(LIVE_TIMEOUT_MS));
      // The page then follows the analysis and reloads once more: wait for it before leaving.
      page.locator("#register").waitFor(new Locator.WaitForOptions().setTimeout(LIVE_TIMEOUT_MS));

      // The nest's daily limit used up (the rest of today's count taken here): a clear message
      // with when asking again can succeed, and the page's status is the API's 429.
      while (quota.usedToday("nest:" + nest.id()) < 3) {
        quota.take(tenant, nest.id());
      }
      Response[] answer = new Response[1];
      page.navigate(url("/tenant/nests/" + nest.id()));
      page.locator("main form button[type=submit]").click();
      page.waitForURL(Pattern.compile(".*\\?reused=true$"));
      page.onResponse(
          r -> {
            if (r.url().endsWith("/registry")) {
              answer[0] = r;
            }
          });
      page.locator("#reused button#fresh").click();
      page.locator("#quota-refusal").waitFor();
      assertThat(answer[0].status()).isEqualTo(429);
      assertThat(page.locator("#quota-refusal code").textContent())
          .isEqualTo("ISSUANCE_QUOTA_NEST");
      assertThat(page.locator("#quota-refusal").textContent())
          .contains("오늘 이 집의 등기부등본", "부터 다시 발급할 수 있어요", "Asia/Seoul");
      Layout.assertFitForPhone(page, "tenant-quota-refused");
      page.navigate(url("/tenant/nests/" + nest.id() + "?lang=en"));
      page.locator("main form button[type=submit]").click();
      page.waitForURL(Pattern.compile(".*\\?reused=true$"));
      page.locator("#reused button#fresh").click();
      page.locator("#quota-refusal").waitFor();
      assertThat(page.locator("#quota-refusal").textContent())
          .contains("You can request one again from");
    }
  }

  private void signIn(Page page, String email) {
    PagesApp.signIn(page, url("/login"), email);
  }

  private static FilePayload png(String name) throws IOException {
    BufferedImage image = new BufferedImage(60, 80, BufferedImage.TYPE_INT_RGB);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ImageIO.write(image, "png", out);
    return new FilePayload(name, "image/png", out.toByteArray());
  }
}
