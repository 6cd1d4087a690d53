package dev.dongchimi.importer.local;

import dev.dongchimi.ProductNames;
import java.text.Normalizer;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The part of a product name that can say what the product is. Brackets go (a brand "[비비고]", a
 * storage note "(냉동)", a variant "(디카페인)": none of them moves the category), and so do amounts,
 * packs and counts ("500ml X 20개입", "10구", "1/2통"): they identify a product, they do not classify
 * it. A name that is nothing but brackets keeps their words, so "[잔디리마을]B세트" still has some.
 */
final class ClassifierText {
  private static final Pattern BRACKETED =
      Pattern.compile("\\[[^\\]]*\\]|\\([^)]*\\)|【[^】]*】|<[^>]*>|\\{[^}]*\\}");

  /** A number with the unit or pack word after it; a bare number too. 분 stays ("3분카레"). */
  private static final Pattern AMOUNT =
      Pattern.compile(
          "(?<![a-z])[x×*]?\\s*\\d[\\d.,/~\\-+]*\\s*"
              + "(?:kg|mg|g|ml|l|cc|리터|개입|개|입|구|매|팩|봉지|봉|병|캔|포|정|환|종|인분|인|미|마리|과|송이|통|단|속|롤"
              + "|pk|p|ea|box|박스|세트|row|t|일분|일)?(?![a-z가-힣])",
          Pattern.CASE_INSENSITIVE);

  private static final Pattern SPACES = Pattern.compile("\\s+");

  private ClassifierText() {}

  static String of(String name) {
    String base =
        Normalizer.normalize(ProductNames.clean(name).baseName(), Normalizer.Form.NFKC)
            .toLowerCase(Locale.ROOT);
    String words = tidy(AMOUNT.matcher(BRACKETED.matcher(base).replaceAll(" ")).replaceAll(" "));
    if (words.isEmpty()) {
      words = tidy(AMOUNT.matcher(base.replaceAll("[\\[\\](){}<>【】]", " ")).replaceAll(" "));
    }
    return words;
  }

  private static String tidy(String text) {
    return SPACES.matcher(text).replaceAll(" ").strip();
  }
}
