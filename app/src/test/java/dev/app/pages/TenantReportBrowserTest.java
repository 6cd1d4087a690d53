package dev.app.pages;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Download;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import dev.app.pages.tenant.DemoTenant;
import dev.dungji.nest.Nest;
import dev.dungji.nest.NestForm;
import dev.dungji.nest.NestService;
import dev.platform.accounts.AccountProvisioning;
import dev.platform.accounts.Role;
import dev.platform.browsertest.BrowserKit;
import dev.platform.browsertest.Layout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The tenant's way to the report in a real browser on the embedded defaults: issuance → OCR →
 * analysis live, the parsed register, the inputs, the report with the sandbox's seizure flagged,
 * the PDF downloaded and read back; axe and a 375 px phone on the report page.
 */
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT,
    properties = "dongchimi.pages.map.tile-url=")
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class TenantReportBrowserTest {
  private static final Path DATA_DIR = PagesApp.newDataDir();
  private static final double LIVE_TIMEOUT_MS = 120_000;
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
  void aTenantEntersTheDepositAndPriceAndSeesTheReportWithTheSeizureAndKeepsThePdf()
      throws Exception {
    long tenant = accounts.ensureAccount(DemoTenant.EMAIL, DemoTenant.PASSWORD, Role.CUSTOMER);
    Nest nest =
        nests.create(
            tenant,
            new NestForm(
                "압류된 집 [register:seized,seed=5]", "서울특별시 마포구 월드컵북로 396", null, null, null));
    try (Page page = browser.phone(BrowserKit.Options.korean())) {
      PagesApp.signIn(page, url("/login"), DemoTenant.EMAIL);
      page.navigate(url("/tenant/nests/" + nest.id()));
      page.locator("main form button[type=submit]").click();
      page.waitForURL(Pattern.compile(".*/registry/[0-9a-f-]+$"));

      // Live: the page follows issuance, OCR and the analysis, then shows the register.
      page.locator("#inputs-form")
          .waitFor(new Locator.WaitForOptions().setTimeout(LIVE_TIMEOUT_MS));
      assertThat(page.locator("#analysis-status").textContent()).isEqualTo("SUCCESS");
      assertThat(page.locator("#owners").textContent()).isNotBlank();
      assertThat(page.locator("#rights li[data-kind=SEIZURE]").count()).isPositive();
      assertThat(page.locator("#flags").count()).as("no report before the inputs").isZero();

      page.locator("#deposit").fill("300000000");
      page.locator("#marketPrice").fill("1000000000");
      page.locator("#landlordName").fill("홍길동");
      page.locator("#inputs-form button[type=submit]").click();
      page.locator("#flags").waitFor();

      assertThat(page.locator("#fig-deposit").textContent()).isEqualTo("3억원");
      assertThat(page.locator("#fig-price").textContent()).isEqualTo("10억원");
      Locator seizure = page.locator("#flags li[data-code=SEIZURE]");
      assertThat(seizure.count()).isEqualTo(1);
      assertThat(seizure.textContent()).contains("위험", "압류가 걸려 있습니다");
      assertThat(page.locator("#flags li[data-code=OWNER_NOT_LANDLORD]").count()).isEqualTo(1);
      assertThat(page.locator("#disclaimer").textContent()).contains("법률 자문이 아닙니다");
      Layout.assertFitForPhone(page, "tenant-report");

      Download download = page.waitForDownload(() -> page.locator("#report-pdf").click());
      byte[] pdf = Files.readAllBytes(download.path());
      try (PDDocument doc = Loader.loadPDF(pdf)) {
        assertThat(new PDFTextStripper().getText(doc))
            .contains("전세 위험 보고서", "보증금 / Deposit: 3억원", "압류가 걸려 있습니다", "법률 자문이 아닙니다");
      }

      // The same page in English: the flags' English text.
      page.navigate(page.url().replaceAll("#.*", "") + "?lang=en");
      assertThat(page.locator("#flags li[data-code=SEIZURE]").textContent()).contains("A seizure");
      Layout.assertFitForPhone(page, "tenant-report-en");
    }
  }
}
