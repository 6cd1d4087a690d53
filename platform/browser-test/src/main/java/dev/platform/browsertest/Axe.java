package dev.platform.browsertest;

import com.microsoft.playwright.Page;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Accessibility checks with axe-core (4.10, bundled by Deque's {@code
 * com.deque.html.axe-core:playwright} jar, MPL-2.0). The script is evaluated through the DevTools
 * protocol rather than added as a script tag, so a page's Content-Security-Policy (no inline
 * scripts) does not stop it and need not be loosened for tests.
 */
public final class Axe {
  private static final String SOURCE = load();

  /** Impacts that fail a page: a user cannot use it, or only with great difficulty. */
  static final List<String> FAILING = List.of("serious", "critical");

  private Axe() {}

  /** A violation as axe reports it: rule id, impact, help text, and the offending elements. */
  public record Violation(String id, String impact, String help, List<String> targets) {
    @Override
    public String toString() {
      return impact + " " + id + " (" + help + "): " + targets;
    }
  }

  /** Every violation of the WCAG 2.1 A/AA rules and axe's best practices on the page as it is. */
  @SuppressWarnings("unchecked")
  public static List<Violation> violations(Page page) {
    page.evaluate(SOURCE);
    Object result =
        page.evaluate(
            """
            async () => {
              const r = await axe.run(document, {resultTypes: ['violations']});
              return r.violations.map(v => ({id: v.id, impact: v.impact || '', help: v.help,
                targets: v.nodes.map(n => n.target.join(' '))}));
            }""");
    return ((List<Map<String, Object>>) result)
        .stream()
            .map(
                v ->
                    new Violation(
                        (String) v.get("id"),
                        (String) v.get("impact"),
                        (String) v.get("help"),
                        (List<String>) v.get("targets")))
            .toList();
  }

  /**
   * @throws AssertionError listing the serious and critical violations of the page, if any
   */
  public static void assertNoSeriousViolations(Page page) {
    List<Violation> failing =
        violations(page).stream().filter(v -> FAILING.contains(v.impact())).toList();
    if (!failing.isEmpty()) {
      throw new AssertionError(
          "axe-core: " + failing.size() + " serious/critical on " + page.url() + ": " + failing);
    }
  }

  private static String load() {
    try (InputStream in = Axe.class.getResourceAsStream("/axe.min.js")) {
      if (in == null) {
        throw new IllegalStateException(
            "axe.min.js is not on the classpath (com.deque.html.axe-core:playwright)");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
