package dev.platform.browsertest;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One headless chromium for a test class: Debian's {@code chromium} binary driven by Playwright for
 * Java. Playwright never downloads a browser here ({@code PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD}); the
 * binary is {@code /usr/bin/chromium} unless {@code CHROMIUM} names another ({@code
 * scripts/test.sh} installs the Debian package when it is missing).
 *
 * <pre>{@code
 * try (BrowserKit kit = BrowserKit.start(); Page page = kit.phone(BrowserKit.Options.korean())) {
 *   page.navigate(baseUrl + "/");
 *   Axe.assertNoSeriousViolations(page);
 *   Layout.assertNoHorizontalScroll(page);
 * }
 * }</pre>
 */
public final class BrowserKit implements AutoCloseable {
  /** A phone's CSS width: the narrowest common one (iPhone SE, many Android phones). */
  public static final int PHONE_WIDTH = 375;

  public static final int PHONE_HEIGHT = 740;

  /** Flags for a container or CI machine: no sandbox (root), no GPU, nothing phoning home. */
  static final List<String> ARGS =
      List.of(
          "--no-sandbox",
          "--disable-gpu",
          "--disable-background-networking",
          "--disable-component-update",
          "--disable-sync",
          "--no-first-run");

  private final Playwright playwright;
  private final Browser browser;

  private BrowserKit(Playwright playwright, Browser browser) {
    this.playwright = playwright;
    this.browser = browser;
  }

  /**
   * Starts the browser.
   *
   * @throws IllegalStateException naming the binary when chromium is not installed
   */
  public static BrowserKit start() {
    Path binary = Path.of(System.getenv().getOrDefault("CHROMIUM", "/usr/bin/chromium"));
    if (!Files.isExecutable(binary)) {
      throw new IllegalStateException(
          "no chromium at "
              + binary
              + ": install Debian's package (apt-get install -y chromium; scripts/test.sh does it)"
              + " or set CHROMIUM to the binary");
    }
    Playwright playwright =
        Playwright.create(
            new Playwright.CreateOptions().setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
    try {
      Browser browser =
          playwright
              .chromium()
              .launch(
                  new BrowserType.LaunchOptions()
                      .setExecutablePath(binary)
                      .setHeadless(true)
                      .setArgs(ARGS));
      return new BrowserKit(playwright, browser);
    } catch (RuntimeException e) {
      playwright.close();
      throw e;
    }
  }

  /** What a new browser profile starts with: language, and optionally a granted location. */
  public record Options(String locale, Double latitude, Double longitude) {
    public static Options korean() {
      return new Options("ko-KR", null, null);
    }

    public static Options english() {
      return new Options("en-US", null, null);
    }

    /** The same profile with the location permission granted and the device at this point. */
    public Options at(double latitude, double longitude) {
      return new Options(locale, latitude, longitude);
    }
  }

  /**
   * A new page in a fresh profile (no cookies) on a phone's screen. Closing the page closes its
   * profile.
   */
  public Page phone(Options options) {
    return page(options, PHONE_WIDTH, PHONE_HEIGHT);
  }

  /** A new page in a fresh profile at this viewport. */
  public Page page(Options options, int width, int height) {
    Browser.NewContextOptions context =
        new Browser.NewContextOptions()
            .setLocale(options.locale())
            .setViewportSize(width, height)
            .setIsMobile(width <= PHONE_WIDTH)
            .setHasTouch(width <= PHONE_WIDTH);
    if (options.latitude() != null) {
      context
          .setGeolocation(options.latitude(), options.longitude())
          .setPermissions(List.of("geolocation"));
    }
    BrowserContext profile = browser.newContext(context);
    Page page = profile.newPage();
    page.onClose(p -> profile.close());
    return page;
  }

  @Override
  public void close() {
    try {
      browser.close();
    } finally {
      playwright.close();
    }
  }
}
