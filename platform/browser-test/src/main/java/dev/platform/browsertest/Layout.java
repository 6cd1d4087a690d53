package dev.platform.browsertest;

import com.microsoft.playwright.Page;
import java.nio.file.Path;
import java.util.List;

/** Checks of how a page is laid out, and screenshots kept as test artifacts. */
public final class Layout {
  /** Where screenshots go: the module's {@code target/screenshots}, kept by CI with the reports. */
  public static final Path SCREENSHOTS = Path.of("target", "screenshots");

  private Layout() {}

  /**
   * @throws AssertionError when the page is wider than the viewport (a phone would scroll
   *     sideways), naming the widest elements that stick out
   */
  @SuppressWarnings("unchecked")
  public static void assertNoHorizontalScroll(Page page) {
    Number scrollWidth = (Number) page.evaluate("() => document.documentElement.scrollWidth");
    // The device's width, not window.innerWidth: on a phone the browser zooms a too-wide page
    // out, and innerWidth then grows with the content (BrowserKitTest saw 1,500 px on a 375 px
    // phone), which would hide the very overflow looked for.
    Number viewport = page.viewportSize().width;
    if (scrollWidth.intValue() > viewport.intValue()) {
      List<String> culprits =
          (List<String>)
              page.evaluate(
                  """
                  w => [...document.querySelectorAll('body *')]
                    .filter(e => e.getBoundingClientRect().right > w + 1)
                    .slice(0, 5)
                    .map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
                      + (e.className && typeof e.className === 'string' ? '.' + e.className : ''))""",
                  viewport);
      throw new AssertionError(
          page.url()
              + " is "
              + scrollWidth
              + " px wide at a "
              + viewport
              + " px viewport: "
              + culprits);
    }
  }

  /** A full-page screenshot under {@link #SCREENSHOTS}; returns its path. */
  public static Path screenshot(Page page, String name) {
    Path file = SCREENSHOTS.resolve(name + ".png");
    page.screenshot(new Page.ScreenshotOptions().setPath(file).setFullPage(true));
    return file;
  }

  /**
   * The checks every page must pass on a phone: axe (no serious or critical violation), no sideways
   * scroll; and a screenshot named {@code name}.
   */
  public static void assertFitForPhone(Page page, String name) {
    screenshot(page, name);
    Axe.assertNoSeriousViolations(page);
    assertNoHorizontalScroll(page);
  }
}
