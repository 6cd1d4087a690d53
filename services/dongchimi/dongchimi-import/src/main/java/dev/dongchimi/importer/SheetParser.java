package dev.dongchimi.importer;

import dev.dongchimi.Problem;
import dev.dongchimi.ProductInput;
import dev.dongchimi.ProductNames;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Streams a workbook (memory does not grow with the file) and turns messy rows into products: the
 * first visible sheet with a header is used (title or cover sheets before it are skipped); the
 * header may sit below title rows and use any of several names; prices come as "12,345원"; barcodes
 * as numbers (scientific notation too); dates as Excel serials, text or ranges ("2026-12-01~12-07",
 * "12/1(월)~12/7(일)", "20261201"); blank rows, note rows and exact duplicates are skipped; every
 * other problem is a {@link RowError}. The rows come from a reader per format ({@link XlsxReader},
 * {@link XlsReader}) as {@link SourceRow}s.
 */
public final class SheetParser {
  static final int HEADER_SEARCH_ROWS = 30;
  static final int MAX_ROW_ERRORS = 1000;
  private static final LocalDate EXCEL_EPOCH = LocalDate.of(1899, 12, 30);

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

  static final String EXPECTED_HEADERS =
      "상품명(품명/품목명), 정가(판매가), and optionally 할인가(행사가), 규격, 바코드," + " 행사기간 or 시작일/종료일, 이미지";

  /** The parse: valid rows, invalid rows, and how many data rows the sheet had. */
  public record Parsed(List<SheetRow> rows, List<RowError> errors, int dataRows, int duplicates) {}

  private final int maxRows;
  private final LocalDate today;

  public SheetParser(int maxRows, LocalDate today) {
    this.maxRows = maxRows;
    this.today = today;
  }

  /** Parses a file of any accepted format, detected from its content. */
  public Parsed parse(Path file) throws IOException {
    return parse(file, WorkbookFormat.detect(file));
  }

  public Parsed parse(Path file, WorkbookFormat format) throws IOException {
    Run run = new Run();
    switch (format) {
      case XLSX -> XlsxReader.read(file, run);
      case XLS -> XlsReader.read(file, run);
      case CSV -> CsvReader.read(file, run);
    }
    return run.result();
  }

  /**
   * One parse: looks for a header in each visible sheet in turn (within its first {@link
   * #HEADER_SEARCH_ROWS} non-blank rows), then reads the data rows of the first sheet that has one
   * and ignores the sheets after it.
   */
  private final class Run implements SheetVisitor {
    private final List<String> searched = new ArrayList<>();
    private final List<String> hidden = new ArrayList<>();
    private Map<Column, Integer> columns; // the header of the sheet being read, once found
    private boolean finished;
    private int nonBlank;

    private final List<SheetRow> valid = new ArrayList<>();
    private final List<RowError> errors = new ArrayList<>();
    private final Map<String, SheetRow> byKey = new HashMap<>();
    private int dataRows;
    private int duplicates;

    @Override
    public boolean startSheet(String name, boolean isHidden) {
      if (finished) {
        return false;
      }
      if (isHidden) {
        // Hidden sheets hold lookup lists and old copies, not what the owner means to upload.
        hidden.add(name);
        return false;
      }
      searched.add(name);
      nonBlank = 0;
      return true;
    }

    @Override
    public boolean row(SourceRow row) {
      if (columns != null) {
        data(row);
        return true;
      }
      if (row.cells().isEmpty()) {
        return true;
      }
      if (++nonBlank > HEADER_SEARCH_ROWS) {
        return false; // no header near the top of this sheet: try the next one
      }
      columns = header(row);
      return true;
    }

    @Override
    public void endSheet() {
      finished = columns != null;
    }

    @Override
    public boolean finished() {
      return finished;
    }

    Parsed result() {
      if (columns == null) {
        throw new InvalidFileException("INVALID_FILE", noHeader());
      }
      return new Parsed(valid, errors, dataRows, duplicates);
    }

    private String noHeader() {
      String where =
          searched.isEmpty()
              ? "the workbook has no visible sheet"
              : "no header row in the first "
                  + HEADER_SEARCH_ROWS
                  + " rows of "
                  + (searched.size() == 1 ? "sheet " : "sheets ")
                  + quoted(searched);
      String skipped = hidden.isEmpty() ? "" : " (hidden sheets skipped: " + quoted(hidden) + ")";
      return where + skipped + "; expected " + EXPECTED_HEADERS;
    }

    private void data(SourceRow row) {
      Map<Column, SourceCell> cells = new EnumMap<>(Column.class);
      for (Map.Entry<Column, Integer> c : columns.entrySet()) {
        SourceCell cell = row.cell(c.getValue());
        if (cell != null && !cell.text().isEmpty()) {
          cells.put(c.getKey(), cell);
        }
      }
      if (cells.isEmpty() || isNote(cells)) {
        return;
      }
      if (++dataRows > maxRows) {
        throw new InvalidFileException(
            "TOO_MANY_ROWS", "the sheet has more than " + maxRows + " product rows");
      }
      List<RowError> rowErrors = new ArrayList<>();
      SheetRow parsed = SheetParser.this.row(row.rowNum(), cells, rowErrors);
      if (parsed != null) {
        SheetRow first = byKey.putIfAbsent(parsed.productKey(), parsed);
        if (first == null) {
          valid.add(parsed);
        } else if (sameValues(first.input(), parsed.input())) {
          duplicates++;
        } else {
          rowErrors.add(
              new RowError(
                  parsed.row(),
                  Column.NAME.label,
                  parsed.input().rawName(),
                  "the same product as row " + first.row() + " with other values"));
        }
      }
      for (RowError e : rowErrors) {
        if (errors.size() < MAX_ROW_ERRORS) {
          errors.add(e);
        }
      }
    }
  }

  private static String quoted(List<String> names) {
    return names.stream().map(n -> "\"" + n + "\"").collect(Collectors.joining(", "));
  }

  private static Map<Column, Integer> header(SourceRow row) {
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
    return header(new SourceRow(0, cells)) != null;
  }

  /** A note under or between products: text in the name column only, or a ※/* remark. */
  private static boolean isNote(Map<Column, SourceCell> cells) {
    SourceCell name = cells.get(Column.NAME);
    if (name == null) {
      return false;
    }
    String text = text(name);
    return cells.size() == 1
        || text.startsWith("※")
        || text.startsWith("*")
        || text.startsWith("#")
        || text.startsWith("비고")
        || text.startsWith("참고");
  }

  private SheetRow row(int rowNum, Map<Column, SourceCell> cells, List<RowError> errors) {
    String rawName = cells.containsKey(Column.NAME) ? text(cells.get(Column.NAME)) : null;
    if (rawName == null) {
      errors.add(new RowError(rowNum, Column.NAME.label, "", "a product name is required"));
      return null;
    }
    String spec = cells.containsKey(Column.SPEC) ? text(cells.get(Column.SPEC)) : null;
    String full =
        spec == null || rawName.replace(" ", "").contains(spec.replace(" ", ""))
            ? rawName
            : rawName + " " + spec;
    Integer regular = price(rowNum, Column.REGULAR_PRICE, cells, errors);
    Integer sale = price(rowNum, Column.SALE_PRICE, cells, errors);
    if (regular == null && !cells.containsKey(Column.REGULAR_PRICE)) {
      errors.add(new RowError(rowNum, Column.REGULAR_PRICE.label, "", "a price is required"));
    }
    if (sale != null && regular != null && sale > regular) {
      errors.add(
          new RowError(
              rowNum,
              Column.SALE_PRICE.label,
              sale.toString(),
              "above the regular price " + regular));
    }
    LocalDate start = null;
    LocalDate end = null;
    if (cells.containsKey(Column.SALE_PERIOD)) {
      LocalDate[] range = range(text(cells.get(Column.SALE_PERIOD)));
      if (range == null) {
        errors.add(
            new RowError(
                rowNum,
                Column.SALE_PERIOD.label,
                text(cells.get(Column.SALE_PERIOD)),
                "not a date range such as 2026-12-01~12-07"));
      } else {
        start = range[0];
        end = range[1];
      }
    }
    if (cells.containsKey(Column.SALE_START)) {
      start = date(rowNum, Column.SALE_START, cells.get(Column.SALE_START), errors);
    }
    if (cells.containsKey(Column.SALE_END)) {
      end = date(rowNum, Column.SALE_END, cells.get(Column.SALE_END), errors);
    }
    if (start != null && end != null && end.isBefore(start)) {
      errors.add(
          new RowError(rowNum, Column.SALE_END.label, end.toString(), "before the start " + start));
    }
    if (sale != null && (start == null || end == null) && errors.isEmpty()) {
      errors.add(
          new RowError(
              rowNum, Column.SALE_PERIOD.label, "", "a sale price needs 행사기간 (or 시작일 and 종료일)"));
    }
    String barcode = barcode(rowNum, cells.get(Column.BARCODE), errors);
    String image = cells.containsKey(Column.IMAGE) ? text(cells.get(Column.IMAGE)) : null;
    if (image != null && !(image.startsWith("https://") || image.startsWith("http://"))) {
      errors.add(new RowError(rowNum, Column.IMAGE.label, image, "not an http(s) URL"));
    }
    if (!errors.isEmpty()) {
      return null;
    }
    ProductNames.Cleaned cleaned = ProductNames.clean(full);
    ProductNames.Spec s = cleaned.spec();
    ProductInput input =
        new ProductInput(
            truncate(full, 200),
            truncate(cleaned.display(), 200),
            "OTHER",
            regular,
            sale,
            s == null ? null : s.amount(),
            s == null ? null : s.unit(),
            s == null ? null : s.packCount(),
            image,
            sale == null ? null : start,
            sale == null ? null : end,
            barcode);
    try {
      String key = input.check();
      return new SheetRow(rowNum, input, key, cleaned);
    } catch (Problem p) {
      errors.add(new RowError(rowNum, columnOf(p.code()), full, p.getMessage()));
      return null;
    }
  }

  private static String columnOf(String code) {
    return switch (code) {
      case "INVALID_PRICE" -> Column.REGULAR_PRICE.label;
      case "INVALID_SALE_WINDOW" -> Column.SALE_PERIOD.label;
      case "INVALID_BARCODE" -> Column.BARCODE.label;
      case "INVALID_IMAGE_URL" -> Column.IMAGE.label;
      case "INVALID_SPEC", "INVALID_SPEC_UNIT" -> Column.SPEC.label;
      default -> Column.NAME.label;
    };
  }

  private static final Pattern PRICE =
      Pattern.compile("[₩$]?\\s*([0-9][0-9,]{0,19})(\\.0+)?\\s*원?");

  private static Integer price(
      int rowNum, Column column, Map<Column, SourceCell> cells, List<RowError> errors) {
    SourceCell cell = cells.get(column);
    if (cell == null) {
      return null;
    }
    String value = text(cell);
    try {
      BigDecimal amount;
      if (cell.isNumber()) {
        amount = cell.number();
      } else {
        Matcher m = PRICE.matcher(value.replace(" ", ""));
        if (!m.matches()) {
          throw new NumberFormatException();
        }
        amount = new BigDecimal(m.group(1).replace(",", ""));
      }
      if (amount.signum() < 0 || amount.stripTrailingZeros().scale() > 0) {
        throw new NumberFormatException();
      }
      if (amount.compareTo(BigDecimal.valueOf(ProductInput.MAX_PRICE)) > 0) {
        errors.add(
            new RowError(
                rowNum, column.label, value, String.format("above %,d원", ProductInput.MAX_PRICE)));
        return null;
      }
      return amount.intValueExact();
    } catch (NumberFormatException | ArithmeticException e) {
      errors.add(new RowError(rowNum, column.label, value, "not a price in whole won"));
      return null;
    }
  }

  private static String barcode(int rowNum, SourceCell cell, List<RowError> errors) {
    if (cell == null) {
      return null;
    }
    String value = text(cell);
    String digits;
    if (cell.isNumber()) {
      try {
        digits = cell.number().toBigIntegerExact().toString();
      } catch (ArithmeticException | NumberFormatException e) {
        digits = value;
      }
    } else {
      digits = value.replaceAll("[\\s-]", "");
      // 8.80123E+12 as text, as a sheet shows a long number; a short exponent only.
      if (digits.matches("[0-9]{1,20}(\\.[0-9]{1,20})?[eE]\\+?[0-9]{1,2}")) {
        digits = new BigDecimal(digits).toBigInteger().toString();
      }
    }
    if (!digits.matches("[0-9]{8,14}")) {
      errors.add(new RowError(rowNum, Column.BARCODE.label, value, "not 8 to 14 digits"));
      return null;
    }
    return digits;
  }

  private LocalDate date(int rowNum, Column column, SourceCell cell, List<RowError> errors) {
    LocalDate d = null;
    if (cell.isNumber()) {
      d = serial(cell.number().toPlainString());
    }
    if (d == null) { // text, or a number such as 20261201 that is not a serial
      LocalDate[] range = range(text(cell));
      if (range != null && range[0].equals(range[1])) {
        d = range[0];
      }
    }
    if (d == null) {
      errors.add(new RowError(rowNum, column.label, text(cell), "not a date"));
    }
    return d;
  }

  private static LocalDate serial(String raw) {
    try {
      double days = Double.parseDouble(raw);
      if (days < 1 || days > 100_000) {
        return null;
      }
      return EXCEL_EPOCH.plusDays((long) Math.floor(days));
    } catch (NumberFormatException e) {
      return null;
    }
  }

  // A trailing dot is allowed: "2026.12.01." is how many Korean documents write a date.
  private static final Pattern DATE =
      Pattern.compile(
          "(?:(\\d{4}|\\d{2})\\s*[-./년]\\s*)?(\\d{1,2})\\s*[-./월]\\s*(\\d{1,2})\\s*[일.]?");

  /** "20261201", as POS programs export dates. */
  private static final Pattern COMPACT_DATE = Pattern.compile("(\\d{4})(\\d{2})(\\d{2})");

  /** A day of the week in brackets after a date: "12/1(월)", "12.7 (일요일)", "12/1(Mon)". */
  private static final Pattern WEEKDAY =
      Pattern.compile(
          "\\s*\\(\\s*(?:[월화수목금토일](?:요일)?|mon|tue|wed|thu|fri|sat|sun)\\s*\\)",
          Pattern.CASE_INSENSITIVE);

  /**
   * "2026-12-01~12-07", "12.1 ~ 12.7", "2026/12/01", "12/1(월)~12/7(일)", "2026년 12월 1일",
   * "2026.12.01.~2026.12.07.", "20261201~20261207", an Excel serial as text: [start, end].
   */
  LocalDate[] range(String text) {
    text = WEEKDAY.matcher(text).replaceAll("");
    String[] parts = text.split("\\s*[~〜∼]\\s*|\\s+-\\s+|\\s*부터\\s*");
    if (parts.length > 2) {
      return null;
    }
    LocalDate start = parseDate(parts[0].strip(), null);
    if (start == null) {
      return null;
    }
    LocalDate end =
        parts.length == 2 ? parseDate(parts[1].replace("까지", "").strip(), start) : start;
    return end == null ? null : new LocalDate[] {start, end};
  }

  private LocalDate parseDate(String text, LocalDate after) {
    if (text.matches("\\d{5}(\\.\\d+)?")) {
      return serial(text);
    }
    Matcher compact = COMPACT_DATE.matcher(text);
    if (compact.matches()) {
      try {
        return LocalDate.of(
            Integer.parseInt(compact.group(1)),
            Integer.parseInt(compact.group(2)),
            Integer.parseInt(compact.group(3)));
      } catch (DateTimeException e) {
        return null;
      }
    }
    Matcher m = DATE.matcher(text);
    if (!m.matches()) {
      return null;
    }
    try {
      int month = Integer.parseInt(m.group(2));
      int day = Integer.parseInt(m.group(3));
      int year;
      if (m.group(1) != null) {
        year = Integer.parseInt(m.group(1));
        year = year < 100 ? 2000 + year : year;
      } else if (after != null) {
        year = after.getYear();
        if (LocalDate.of(year, month, day).isBefore(after)) {
          year++;
        }
      } else {
        year = today.getYear();
      }
      return LocalDate.of(year, month, day);
    } catch (DateTimeException e) {
      return null;
    }
  }

  private static boolean sameValues(ProductInput a, ProductInput b) {
    return Objects.equals(a.name(), b.name())
        && Objects.equals(a.regularPrice(), b.regularPrice())
        && Objects.equals(a.salePrice(), b.salePrice())
        && Objects.equals(a.saleStart(), b.saleStart())
        && Objects.equals(a.saleEnd(), b.saleEnd())
        && Objects.equals(a.imageUrl(), b.imageUrl());
  }

  /** A cell's text (already made one line by {@link SourceCell}). */
  static String text(SourceCell cell) {
    return cell == null ? "" : cell.text();
  }

  private static String truncate(String s, int max) {
    return s.length() <= max ? s : s.substring(0, max);
  }
}
