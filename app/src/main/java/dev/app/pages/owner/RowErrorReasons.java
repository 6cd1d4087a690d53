package dev.app.pages.owner;

import dev.dongchimi.importer.RowError;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A row error's reason in the page's language. The import stores one reason text per cell (in
 * English, the same for every client of the API); the page shows it from the message bundle ({@code
 * import.reason.*}, Korean and English) when it is one of the import's known reasons, and as stored
 * otherwise. Only wording: which cell is wrong and why is the import's.
 */
final class RowErrorReasons {
  /** A known reason: the import's text (a pattern, its one argument captured) and its key. */
  private record Known(Pattern text, String key) {}

  private static final List<Known> KNOWN =
      List.of(
          known("a product name is required", "import.reason.name-required"),
          known("a price is required", "import.reason.price-required"),
          known("above the regular price (\\S+)", "import.reason.sale-above-regular"),
          known("before the start (\\S+)", "import.reason.end-before-start"),
          known("a sale price needs .*", "import.reason.sale-needs-period"),
          known("not an http\\(s\\) URL", "import.reason.image-url"),
          known("not a date range such as .*", "import.reason.period"),
          known("not a date", "import.reason.date"),
          known("above (\\S+)원", "import.reason.price-max"),
          known("not a price in whole won", "import.reason.price"),
          known("not 8 to 14 digits", "import.reason.barcode"),
          known("barcode must be 8..14 digits", "import.reason.barcode"),
          known("the name must hold letters or digits", "import.reason.name-letters"),
          known("sale_price must be within 0..regular_price", "import.reason.sale-above"),
          known("regular_price must be within 0..(\\d+)", "import.reason.price-max"),
          known("sale_end is before sale_start", "import.reason.end-before-start"),
          known("spec_amount must be positive", "import.reason.spec"),
          known("spec_pack_count must be within .*", "import.reason.spec"));

  private RowErrorReasons() {}

  private static Known known(String regex, String key) {
    return new Known(Pattern.compile(regex), key);
  }

  /**
   * A row error as the page shows it: {@code key} (with {@code argument}, or none) when the reason
   * is known, else null and the stored {@code reason}.
   */
  record Shown(int row, String column, String value, String reason, String key, String argument) {}

  static Shown of(RowError e) {
    String reason = e.reason() == null ? "" : e.reason();
    for (Known k : KNOWN) {
      Matcher m = k.text().matcher(reason);
      if (m.matches()) {
        return new Shown(
            e.row(), e.column(), e.value(), reason, k.key(), m.groupCount() > 0 ? m.group(1) : "");
      }
    }
    return new Shown(e.row(), e.column(), e.value(), reason, null, null);
  }

  /** Every key {@link #of} may answer: the bundles must have each (RowErrorReasonsTest). */
  static List<String> keys() {
    return KNOWN.stream().map(Known::key).distinct().toList();
  }
}
