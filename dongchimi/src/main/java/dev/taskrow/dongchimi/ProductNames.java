package dev.taskrow.dongchimi;

import java.math.BigDecimal;
import java.text.Normalizer;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Flyer product names: display form, search form, and the pack spec inside them. */
final class ProductNames {
  private static final Pattern PROMO = Pattern.compile("\\[[^\\]]*\\]|【[^】]*】");
  private static final Pattern NOT_WORD = Pattern.compile("[^\\p{L}\\p{N}.]+");
  private static final Pattern SPEC =
      Pattern.compile(
          "(\\d+(?:\\.\\d+)?)\\s*(kg|g|ml|l)(?:\\s*[x×*]\\s*(\\d+))?", Pattern.CASE_INSENSITIVE);

  private ProductNames() {}

  record Spec(BigDecimal amount, String unit, int packCount) {}

  /** "[행사] 서울우유 1L" → "서울우유 1L": promo tags out, spaces collapsed. */
  static String display(String raw) {
    String text = Normalizer.normalize(raw, Normalizer.Form.NFKC);
    return PROMO.matcher(text).replaceAll(" ").strip().replaceAll("\\s+", " ");
  }

  /**
   * The search form: NFKC, lower-case, letters and digits only, no spaces — so "서울 우유" finds "서울우유
   * 1L". Queries are normalised the same way.
   */
  static String normalize(String text) {
    String n = Normalizer.normalize(text, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
    return NOT_WORD.matcher(PROMO.matcher(n).replaceAll(" ")).replaceAll("");
  }

  /** "삼겹살 500g", "생수 2L x 6" → amount, unit, pack count. */
  static Optional<Spec> parseSpec(String raw) {
    Matcher m = SPEC.matcher(Normalizer.normalize(raw, Normalizer.Form.NFKC));
    if (!m.find()) {
      return Optional.empty();
    }
    int pack = m.group(3) == null ? 1 : Integer.parseInt(m.group(3));
    return Optional.of(
        new Spec(
            new BigDecimal(m.group(1)), m.group(2).toLowerCase(Locale.ROOT), Math.max(1, pack)));
  }

  /** The price of 100 g or 100 ml, or null when the spec gives no weight or volume. */
  static UnitPrice unitPrice(Spec spec, int price) {
    if (spec == null) {
      return null;
    }
    BigDecimal factor;
    String basis;
    switch (spec.unit()) {
      case "g" -> {
        factor = BigDecimal.ONE;
        basis = "100g";
      }
      case "kg" -> {
        factor = BigDecimal.valueOf(1000);
        basis = "100g";
      }
      case "ml" -> {
        factor = BigDecimal.ONE;
        basis = "100ml";
      }
      case "l" -> {
        factor = BigDecimal.valueOf(1000);
        basis = "100ml";
      }
      default -> {
        return null;
      }
    }
    BigDecimal total =
        spec.amount().multiply(factor).multiply(BigDecimal.valueOf(spec.packCount()));
    if (total.signum() <= 0) {
      return null;
    }
    long per100 =
        BigDecimal.valueOf(price)
            .multiply(BigDecimal.valueOf(100))
            .divide(total, 0, java.math.RoundingMode.HALF_UP)
            .longValue();
    return new UnitPrice(basis, per100);
  }

  /** E.g. {basis: "100g", price: 1290}. */
  record UnitPrice(String basis, long price) {}
}
