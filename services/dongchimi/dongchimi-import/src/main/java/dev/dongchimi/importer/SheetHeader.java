package dev.dongchimi.importer;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Which column of a sheet holds what: the header names marts use for each {@link Column}, and
 * whether a row is the header (it names at least the product name and the regular price).
 */
final class SheetHeader {
  static final String EXPECTED_HEADERS =
      "상품명(품명/품목명), 정가(판매가), and optionally 할인가(행사가), 규격, 바코드," + " 행사기간 or 시작일/종료일, 이미지";

  /** The columns a sheet may have, with the header names marts use for them. */
  enum Column {
    // Every alias is written as Column.of normalises a header: lower case, no spaces, no
    // bracketed part ("가격(원)" is "가격"), no * : _ . / -. One alias, one column (a test checks).
    NAME("상품명", "상품명", "품명", "품목명", "품목", "제품명", "상품", "상품이름", "제품이름", "품명및규격", "상품명및규격"),
    REGULAR_PRICE(
        "정가", "정가", "판매가", "정상가", "가격", "단가", "판매가격", "정상가격", "정상판매가", "소비자가", "소비자가격", "판매단가"),
    SALE_PRICE("할인가", "할인가", "행사가", "특가", "할인판매가", "행사판매가", "할인가격", "행사가격", "세일가", "세일가격", "특가가격"),
    SPEC("규격", "규격", "용량", "중량", "단위"),
    BARCODE("바코드", "바코드", "barcode", "상품코드", "ean", "바코드번호", "상품바코드"),
    SALE_PERIOD("행사기간", "행사기간", "기간", "할인기간", "세일기간", "특가기간"),
    SALE_START("시작일", "시작일", "행사시작일", "행사시작", "할인시작일", "시작일자", "행사시작일자", "할인시작일자"),
    SALE_END("종료일", "종료일", "행사종료일", "행사종료", "할인종료일", "종료일자", "행사종료일자", "할인종료일자"),
    IMAGE("이미지", "이미지", "이미지url", "사진", "image", "imageurl", "이미지주소", "이미지링크", "사진주소");

    final String label;
    final List<String> aliases;

    Column(String label, String... aliases) {
      this.label = label;
      this.aliases = List.of(aliases);
    }

    static Column of(String header) {
      String h = normalise(header);
      for (Column c : values()) {
        if (c.aliases.contains(h)) {
          return c;
        }
      }
      return null;
    }

    private static final Pattern HEADER_NOISE = Pattern.compile("\\(.*?\\)|\\[.*?]|[\\s*:_./-]");

    static String normalise(String header) {
      return HEADER_NOISE.matcher(header.toLowerCase(Locale.ROOT)).replaceAll("");
    }
  }

  private SheetHeader() {}

  /**
   * The column index of each {@link Column} this row names (the first cell wins when two name the
   * same), or null when the row is not a header. Number cells never name a column.
   */
  static Map<Column, Integer> columns(SourceRow row) {
    Map<Column, Integer> found = new EnumMap<>(Column.class);
    for (SourceCell cell : row.cells()) {
      if (!cell.isNumber()) {
        Column c = Column.of(cell.text());
        if (c != null) {
          found.putIfAbsent(c, cell.column());
        }
      }
    }
    return found.containsKey(Column.NAME) && found.containsKey(Column.REGULAR_PRICE) ? found : null;
  }

  /** Whether these texts (a CSV line split one way) make a header row. */
  static boolean isHeader(List<String> texts) {
    List<SourceCell> cells = new ArrayList<>();
    for (int i = 0; i < texts.size(); i++) {
      cells.add(SourceCell.text(i, texts.get(i)));
    }
    return columns(new SourceRow(0, cells)) != null;
  }
}
