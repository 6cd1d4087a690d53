package dev.dongchimi;

import java.math.BigDecimal;
import java.text.Normalizer;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Flyer product names: display form, search form, the pack spec inside them, and {@link #clean} —
 * the Excel import's preprocessing: promotions and notes out, amounts and pack counts made one
 * canonical spec; whatever identifies the product kept — brand (also a POS export's leading "CJ)"),
 * variant and flavour, origin, grade, storage, size — because the product's key is built from it.
 */
public final class ProductNames {
  private static final Pattern PROMO = Pattern.compile("\\[[^\\]]*\\]|【[^】]*】");
  private static final Pattern NOT_WORD = Pattern.compile("[^\\p{L}\\p{N}.+]+");

  /** A "+" is kept only after a digit, where it is a grade ("1++" is not "1+") or "1+1". */
  private static final Pattern LOOSE_PLUS = Pattern.compile("(?<![\\d+])\\++");

  private static final Pattern SPEC =
      Pattern.compile(
          "(\\d+(?:\\.\\d+)?)\\s*(kg|g|ml|l)(?:\\s*[x×*]\\s*(\\d+))?", Pattern.CASE_INSENSITIVE);

  private ProductNames() {}

  /** An amount of a unit ("500", "g") times a pack count. */
  public record Spec(BigDecimal amount, String unit, int packCount) {
    /** "500g", "2L×6", "30구". */
    public String text() {
      String unitText = unit.equals("l") ? "L" : unit;
      return amount.stripTrailingZeros().toPlainString()
          + unitText
          + (packCount > 1 ? "×" + packCount : "");
    }
  }

  /** "[행사] 서울우유 1L" → "서울우유 1L": promo tags out, spaces collapsed. */
  static String display(String raw) {
    String text = Normalizer.normalize(raw, Normalizer.Form.NFKC);
    return PROMO.matcher(text).replaceAll(" ").strip().replaceAll("\\s+", " ");
  }

  /**
   * The search form: NFKC, lower-case, letters and digits only, no spaces — so "서울 우유" finds "서울우유
   * 1L". Queries are normalised the same way.
   */
  public static String normalize(String text) {
    String n = Normalizer.normalize(text, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
    String words = NOT_WORD.matcher(PROMO.matcher(n).replaceAll(" ")).replaceAll("");
    return LOOSE_PLUS.matcher(words).replaceAll("");
  }

  /**
   * "삼겹살 500g", "생수 2L x 6" → amount, unit, pack count; without a weight or volume, a count as the
   * import reads it ("계란 30구", "초코파이 12개입").
   */
  static Optional<Spec> parseSpec(String raw) {
    Matcher m = SPEC.matcher(Normalizer.normalize(raw, Normalizer.Form.NFKC));
    if (!m.find()) {
      return Optional.ofNullable(clean(raw).spec());
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
  public record UnitPrice(String basis, long price) {}

  /**
   * Units that count sheets, not pieces: "100매×6입" is 6 pieces (packs), never 600, and a price per
   * sheet is not a price per piece.
   */
  private static final java.util.Set<String> SHEET_UNITS = java.util.Set.of("매", "장");

  /**
   * How many pieces a spec holds: a count of pieces times the pack count ("30구" 30, "10개입×2" 20),
   * or the pack count of a weight, a volume or sheets ("2L×6" 6, "100매×6입" 6). V4_6's generated
   * column counts the same way.
   */
  static int pieces(Spec spec) {
    if (spec == null) {
      return 0;
    }
    long each =
        isWeight(spec.unit()) || SHEET_UNITS.contains(spec.unit()) ? 1 : spec.amount().longValue();
    return (int) Math.min(Integer.MAX_VALUE, each * spec.packCount());
  }

  /**
   * The price of one piece of a pack of two or more ("개당 500원"), half up; null for a single item or
   * no spec.
   */
  static PiecePrice piecePrice(Spec spec, int price) {
    int pieces = pieces(spec);
    if (pieces < 2) {
      return null;
    }
    long each =
        BigDecimal.valueOf(price)
            .divide(BigDecimal.valueOf(pieces), 0, java.math.RoundingMode.HALF_UP)
            .longValue();
    return new PiecePrice(pieces, each);
  }

  /** E.g. {pieces: 10, price: 500}: 10 pieces, 500원 each. */
  public record PiecePrice(int pieces, long price) {}

  // --- the import's preprocessing ----------------------------------------------------------

  /**
   * A raw name taken apart: {@code display} is the cleaned name with its canonical spec ("신라면
   * 120g×5"), {@code baseName} the name without amounts ("신라면"), {@code matchKey} the normalised
   * base name that AI analysis and its cache are keyed by.
   */
  public record Cleaned(
      String display,
      String baseName,
      String matchKey,
      Spec spec,
      java.util.List<String> promotions,
      java.util.List<String> notes) {}

  private static final String PROMO_WORDS =
      "행사|할인|특가|초특가|세일|sale|오늘만|한정|증정|기획|이벤트|균일가?|덤|단독|타임|깜짝|최저가|원\\s*플러스|\\d\\s*\\+\\s*\\d"
          + "|신상품?|신제품|인기|추천|베스트|핫딜|사은품|무료|(?<![a-z])(?:new|best|hot|md)(?![a-z])";
  private static final Pattern PROMO_WORD = Pattern.compile(PROMO_WORDS, Pattern.CASE_INSENSITIVE);
  private static final Pattern STAR_PROMO =
      Pattern.compile("[★☆♥♡◆◇●■▶]+[^★☆♥♡◆◇●■▶]*[★☆♥♡◆◇●■▶]+");
  private static final Pattern BUY_GET = Pattern.compile("(?<![\\d+.])\\d\\s*\\+\\s*\\d(?![\\d+])");
  private static final Pattern BRACKETED =
      Pattern.compile("\\[([^\\]]*)\\]|\\(([^)]*)\\)|【([^】]*)】|<([^>]*)>|\\{([^}]*)\\}");
  private static final Pattern KEEP_WORD =
      Pattern.compile(
          "냉장|냉동|해동|국산|국내산|수입|[가-힣]{1,5}산$|유기농|무농약|무항생제|친환경|1\\+\\+|1\\+(?!\\d)|[1-3]등급|한우|한돈|생물|손질|무염|저염|대|중|소|특대|특|왕");

  /**
   * Bracketed remarks about the offer or the listing, not the product: "(1인분 기준)", "(색상 랜덤)",
   * "(택1)", "(조기품절 시 종료)".
   */
  private static final Pattern NOTE_WORD =
      Pattern.compile(
          "기준|별도|참고|택\\s*\\d|랜덤|수량|품절|조기|인분|개당|매장|문의|예약|배송|제외|선착순|가능|불가|"
              + "카드|포인트|적립|쿠폰|교환|반품|소진|사진|이미지|예시|원산지\\s*[:：]|상세|참조|구성");

  /** Promotion words standing alone outside brackets: "기획특가", "초특가", "오늘만". */
  private static final Pattern LOOSE_PROMO =
      Pattern.compile("(?<![가-힣])(기획특가|한정특가|초특가|특가|기획|균일가|행사|세일|할인|오늘만)(?![가-힣])");

  /** A bracket longer than this is a remark, not a brand or a variant. */
  private static final int MAX_IDENTITY_BRACKET = 15;

  /** A leading brand closed by ")" with no "(" before it: "CJ)햇반", "농심)신라면". */
  private static final Pattern POS_BRAND = Pattern.compile("^([^()\\[\\]\\s]{1,15})\\)\\s*");

  private static final String WEIGHT_UNITS = "킬로그램|키로그램|킬로|키로|kg|그램|gr|g|밀리리터|미리|ml|리터|l|cc";
  private static final String COUNT_UNITS =
      "개입|입|개|봉지|봉|구|매|롤|팩|망|박스|box|캔|병|ea|포|줄|장|미|단|송이|통|알|스틱|t";
  private static final Pattern AMOUNT =
      Pattern.compile(
          "(\\d+(?:[.,]\\d+)?)\\s*("
              + WEIGHT_UNITS
              + "|"
              + COUNT_UNITS
              + ")(?![a-wyz가-힣])" // "100매X6입": an x after the unit is the pack
              + "(?:\\s*[x×*]\\s*(\\d+)\\s*(?:"
              + COUNT_UNITS
              + ")?(?![a-z가-힣]))?",
          Pattern.CASE_INSENSITIVE);
  private static final Pattern BARE_PACK =
      Pattern.compile("(?<![\\p{L}\\d])[x×*]\\s*(\\d+)(?![\\d])", Pattern.CASE_INSENSITIVE);
  private static final Pattern BARE_PACKAGING =
      Pattern.compile("(?<![가-힣\\d])(박스|box|망|봉지)(?![가-힣a-z])", Pattern.CASE_INSENSITIVE);
  private static final Pattern LEFTOVER =
      Pattern.compile("[\\[\\](){}【】<>★☆♥♡◆◇●■▶※!~/,*#_|-]+|(?<![\\d+])\\++");

  /** The import's preprocessing of a raw flyer name; see {@link Cleaned}. */
  public static Cleaned clean(String raw) {
    String text = Normalizer.normalize(raw, Normalizer.Form.NFKC).replaceAll("\\s+", " ").strip();
    java.util.List<String> promotions = new java.util.ArrayList<>();
    java.util.List<String> notes = new java.util.ArrayList<>();
    java.util.List<String> specParts = new java.util.ArrayList<>();

    text = take(STAR_PROMO, text, promotions);
    // POS exports write the brand first and close it with a parenthesis: "CJ)햇반 210g".
    text = POS_BRAND.matcher(text).replaceFirst("$1 ");
    // Bracketed parts: promotions and notes go, an amount joins the spec, storage/origin/grade
    // stay.
    StringBuilder out = new StringBuilder();
    Matcher b = BRACKETED.matcher(text);
    while (b.find()) {
      String inner = firstGroup(b).strip();
      String keep;
      if (inner.isEmpty()) {
        keep = " ";
      } else if (PROMO_WORD.matcher(inner).find()) {
        promotions.add(inner);
        keep = " ";
      } else if (AMOUNT.matcher(inner).find() && AMOUNT.matcher(inner).replaceAll("").isBlank()) {
        specParts.add(inner);
        keep = " ";
      } else if (KEEP_WORD.matcher(inner).find() && inner.length() <= 12) {
        keep = " " + inner + " ";
      } else if (NOTE_WORD.matcher(inner).find() || inner.length() > MAX_IDENTITY_BRACKET) {
        notes.add(inner);
        keep = " ";
      } else {
        // What is left in brackets names the product: a brand ("[프릳츠]"), a variant or flavour
        // ("(디카페인)", "(매운맛)"), an origin ("(케냐)"). Dropping it would make two products one.
        keep = " " + inner + " ";
      }
      b.appendReplacement(out, Matcher.quoteReplacement(keep));
    }
    b.appendTail(out);
    text = out.toString();
    text = take(BUY_GET, text, promotions);
    text = take(LOOSE_PROMO, text, promotions);

    // Amounts: the first weight or volume is the amount; counts are pack sizes.
    BigDecimal amount = null;
    String unit = null;
    int pack = 1;
    String countUnit = null;
    BigDecimal countAmount = null;
    for (String part : specParts) {
      text = text + " " + part;
    }
    StringBuilder rest = new StringBuilder();
    Matcher m = AMOUNT.matcher(text);
    while (m.find()) {
      BigDecimal value = new BigDecimal(m.group(1).replace(',', '.'));
      String u = canonicalUnit(m.group(2));
      int times = m.group(3) == null ? 1 : Integer.parseInt(m.group(3));
      if (isWeight(u)) {
        if (amount == null) {
          amount = value;
          unit = u;
          pack *= times;
        }
      } else if (countAmount == null) {
        countAmount = value.multiply(BigDecimal.valueOf(times));
        countUnit = u;
      } else {
        pack *= value.intValue() * times;
      }
      m.appendReplacement(rest, " ");
    }
    m.appendTail(rest);
    text = rest.toString();
    Matcher bare = BARE_PACK.matcher(text);
    if (bare.find()) {
      pack *= Integer.parseInt(bare.group(1));
      text = bare.replaceAll(" ");
    }
    Spec spec = null;
    if (amount != null) {
      int packs = pack * (countAmount == null ? 1 : Math.max(1, countAmount.intValue()));
      spec = new Spec(amount, unit, Math.min(Math.max(1, packs), 1000));
    } else if (countAmount != null && countAmount.signum() > 0) {
      spec = new Spec(countAmount, countUnit, Math.min(Math.max(1, pack), 1000));
    }

    text = BARE_PACKAGING.matcher(text).replaceAll(" ");
    String base = LEFTOVER.matcher(text).replaceAll(" ").replaceAll("\\s+", " ").strip();
    if (base.isEmpty()) {
      base = Normalizer.normalize(raw, Normalizer.Form.NFKC).replaceAll("\\s+", " ").strip();
    }
    String display = spec == null ? base : base + " " + spec.text();
    return new Cleaned(
        display,
        base,
        normalize(base),
        spec,
        java.util.List.copyOf(promotions),
        java.util.List.copyOf(notes));
  }

  private static String take(Pattern pattern, String text, java.util.List<String> into) {
    Matcher m = pattern.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      into.add(m.group().strip());
      m.appendReplacement(out, " ");
    }
    m.appendTail(out);
    return out.toString();
  }

  private static String firstGroup(Matcher m) {
    for (int i = 1; i <= m.groupCount(); i++) {
      if (m.group(i) != null) {
        return m.group(i);
      }
    }
    return "";
  }

  private static boolean isWeight(String unit) {
    return unit.equals("g") || unit.equals("kg") || unit.equals("ml") || unit.equals("l");
  }

  private static String canonicalUnit(String unit) {
    return switch (unit.toLowerCase(Locale.ROOT)) {
      case "킬로그램", "키로그램", "킬로", "키로", "kg" -> "kg";
      case "그램", "gr", "g" -> "g";
      case "밀리리터", "미리", "ml", "cc" -> "ml";
      case "리터", "l" -> "l";
      case "개입" -> "입";
      case "봉지" -> "봉";
      case "box" -> "박스";
      case "ea" -> "개";
      case "t" -> "스틱";
      default -> unit;
    };
  }
}
