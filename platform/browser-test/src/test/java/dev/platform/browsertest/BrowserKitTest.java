package dev.platform.browsertest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.microsoft.playwright.Page;
import java.nio.file.Files;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The kit's checks fail on pages that break them, and pass on one that does not. */
class BrowserKitTest {
  private static BrowserKit browser;

  @BeforeAll
  static void start() {
    browser = BrowserKit.start();
  }

  @AfterAll
  static void stop() {
    browser.close();
  }

  private static final String GOOD =
      "<!DOCTYPE html><html lang='ko'><head><meta name='viewport' content='width=device-width, initial-scale=1'><title>좋은 쪽</title></head><body><main>"
          + "<h1>안녕하세요</h1><label for='q'>검색어</label><input id='q'></main></body></html>";

  @Test
  void aGoodPagePassesAndIsScreenshot() throws Exception {
    try (Page page = browser.phone(BrowserKit.Options.korean())) {
      page.setContent(GOOD);
      Layout.assertFitForPhone(page, "kit-good");
      assertThat(Files.size(Layout.SCREENSHOTS.resolve("kit-good.png"))).isPositive();
      assertThat(page.viewportSize().width).isEqualTo(BrowserKit.PHONE_WIDTH);
    }
  }

  @Test
  void anImageWithoutAltAndAnUnlabelledFieldAreSeriousViolations() {
    try (Page page = browser.phone(BrowserKit.Options.korean())) {
      page.setContent(GOOD.replace("<label for='q'>검색어</label>", "<img src='x.png'>"));
      assertThatThrownBy(() -> Axe.assertNoSeriousViolations(page))
          .isInstanceOf(AssertionError.class)
          .hasMessageContaining("image-alt")
          .hasMessageContaining("label");
    }
  }

  @Test
  void aPageWiderThanThePhoneFails() {
    try (Page page = browser.phone(BrowserKit.Options.korean())) {
      page.setContent(
          GOOD.replace("<h1>", "<h1 id='wide' width='1' class='x'>")
              .replace(
                  "<main>",
                  "<main><table><tr><td>"
                      + "가".repeat(5)
                      + "</td><td><pre>"
                      + "x".repeat(200)
                      + "</pre></td></tr></table>"));
      assertThatThrownBy(() -> Layout.assertNoHorizontalScroll(page))
          .isInstanceOf(AssertionError.class)
          .hasMessageContaining("375 px viewport");
    }
  }
}
