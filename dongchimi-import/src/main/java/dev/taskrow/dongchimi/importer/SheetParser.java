package dev.taskrow.dongchimi.importer;

import dev.taskrow.dongchimi.Problem;
import dev.taskrow.dongchimi.ProductInput;
import dev.taskrow.dongchimi.ProductNames;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.dhatim.fastexcel.reader.Cell;
import org.dhatim.fastexcel.reader.CellType;
import org.dhatim.fastexcel.reader.ReadableWorkbook;
import org.dhatim.fastexcel.reader.Row;

/**
 * Streams the first sheet of a workbook (memory does not grow with the file) and turns messy rows
 * into products: the header may sit below title rows and use any of several names; prices come as
 * "12,345원"; barcodes as numbers (scientific notation too); dates as Excel serials, text or ranges
 * ("2026-12-01~12-07"); blank rows, note rows and exact duplicates are skipped; every other problem
 * is a {@link RowError}.
 */
public final class SheetParser {
  static final int HEADER_SEARCH_ROWS = 30;
  static final int MAX_ROW_ERRORS = 1000;
  private static final LocalDate EXCEL_EPOCH = LocalDate.of(1899, 12, 30);

  /** The columns a sheet may have, with the header names marts use for them. */
  enum Column {
    NAME("상품명", "상품명", "품명", "품목명", "품목", "제품명", "상품"),
    REGULAR_PRICE("정가", "정가", "판매가", "정상가", "가격", "단가"),
    SALE_PRICE("할인가", "할인가", "행사가", "특가", "할인판매가", "행사판매가"),
    SPEC("규격", "규격", "용량", "중량", "단위"),
    BARCODE("바코드", "바코드", "barcode", "상품코드", "ean"),
    SALE_PERIOD("행사기간", "행사기간", "기간", "할인기간"),
    SALE_START("시작일", "시작일", "행사시작일", "행사시작", "할인시작일"),
    SALE_END("종료일", "종료일", "행사종료일", "행사종료", "할인종료일"),
    IMAGE("이미지", "이미지", "이미지url", "사진", "image", "imageurl");

    final String label;
    final List<String> aliases;

    Column(String label, String... aliases) {
      this.label = label;
      this.aliases = List.of(aliases);
    }

    static Column of(String header) {
      String h = header.toLowerCase(Locale.ROOT).replaceAll("\\(.*?\\)|\\[.*?]|[\\s*:_./-]", "");
      for (Column c : values()) {
        if (c.aliases.contains(h)) {
          return c;
        }
      }
      return null;
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

  public Parsed parse(Path file) throws IOException {
    try (ReadableWorkbook workbook = new ReadableWorkbook(file.toFile());
        Stream<Row> stream = workbook.getFirstSheet().openStream()) {
      return parse(stream.iterator());
    }
  }

  Parsed parse(Iterator<Row> rows) {
    Map<Column, Integer> columns = null;
    int searched = 0;
    while (columns == null && rows.hasNext()) {
      Row row = rows.next();
      if (isBlank(row)) {
        continue;
      }
      if (++searched > HEADER_SEARCH_ROWS) {
        break;
      }
      columns = header(row);
    }
    if (columns == null) {
      throw new InvalidFileException(
          "INVALID_FILE",
          "no header row in the first "
              + HEADER_SEARCH_ROWS
              + " rows; expected "
              + EXPECTED_HEADERS);
    }
    List<SheetRow> valid = new ArrayList<>();
    List<RowError> errors = new ArrayList<>();
    Map<String, SheetRow> byKey = new HashMap<>();
    int dataRows = 0;
    int duplicates = 0;
    while (rows.hasNext()) {
      Row row = rows.next();
      Map<Column, Cell> cells = new EnumMap<>(Column.class);
      for (Map.Entry<Column, Integer> c : columns.entrySet()) {
        row.getOptionalCell(c.getValue())
            .filter(cell -> !text(cell).isEmpty())
            .ifPresent(cell -> cells.put(c.getKey(), cell));
      }
      if (cells.isEmpty() || isNote(cells)) {
        continue;
      }
      if (++dataRows > maxRows) {
        throw new InvalidFileException(
            "TOO_MANY_ROWS", "the sheet has more than " + maxRows + " product rows");
      }
      List<RowError> rowErrors = new ArrayList<>();
      SheetRow parsed = row(row.getRowNum(), cells, rowErrors);
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
    return new Parsed(valid, errors, dataRows, duplicates);
  }

  private static Map<Column, Integer> header(Row row) {
    Map<Column, Integer> found = new EnumMap<>(Column.class);
    for (Cell cell : row) {
      if (cell != null && cell.getType() == CellType.STRING) {
        Column c = Column.of(text(cell));
        if (c != null) {
          found.putIfAbsent(c, cell.getColumnIndex());
        }
      }
    }
    return found.containsKey(Column.NAME) && found.containsKey(Column.REGULAR_PRICE) ? found : null;
  }

  /** A note under or between products: text in the name column only, or a ※/* remark. */
  private static boolean isNote(Map<Column, Cell> cells) {
    Cell name = cells.get(Column.NAME);
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

  private SheetRow row(int rowNum, Map<Column, Cell> cells, List<RowError> errors) {
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

  private static final Pattern PRICE = Pattern.compile("[₩$]?\\s*([0-9][0-9,]*)(\\.0+)?\\s*원?");

  private static Integer price(
      int rowNum, Column column, Map<Column, Cell> cells, List<RowError> errors) {
    Cell cell = cells.get(column);
    if (cell == null) {
      return null;
    }
    String value = text(cell);
    try {
      BigDecimal amount;
      if (cell.getType() == CellType.NUMBER) {
        amount = new BigDecimal(cell.getRawValue());
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
      if (amount.compareTo(BigDecimal.valueOf(100_000_000)) > 0) {
        errors.add(new RowError(rowNum, column.label, value, "above 100,000,000원"));
        return null;
      }
      return amount.intValueExact();
    } catch (NumberFormatException | ArithmeticException e) {
      errors.add(new RowError(rowNum, column.label, value, "not a price in whole won"));
      return null;
    }
  }

  private static String barcode(int rowNum, Cell cell, List<RowError> errors) {
    if (cell == null) {
      return null;
    }
    String value = text(cell);
    String digits;
    if (cell.getType() == CellType.NUMBER) {
      try {
        digits = new BigDecimal(cell.getRawValue()).toBigIntegerExact().toString();
      } catch (ArithmeticException | NumberFormatException e) {
        digits = value;
      }
    } else {
      digits = value.replaceAll("[\\s-]", "");
      if (digits.matches("[0-9.]+[eE]\\+?[0-9]+")) {
        digits = new BigDecimal(digits).toBigInteger().toString();
      }
    }
    if (!digits.matches("[0-9]{8,14}")) {
      errors.add(new RowError(rowNum, Column.BARCODE.label, value, "not 8 to 14 digits"));
      return null;
    }
    return digits;
  }

  private LocalDate date(int rowNum, Column column, Cell cell, List<RowError> errors) {
    LocalDate d = null;
    if (cell.getType() == CellType.NUMBER) {
      d = serial(cell.getRawValue());
    } else {
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

  private static final Pattern DATE =
      Pattern.compile("(?:(\\d{4}|\\d{2})\\s*[-./년]\\s*)?(\\d{1,2})\\s*[-./월]\\s*(\\d{1,2})\\s*일?");

  /** "2026-12-01~12-07", "12.1 ~ 12.7", "2026/12/01", an Excel serial as text: [start, end]. */
  LocalDate[] range(String text) {
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

  private static boolean isBlank(Row row) {
    for (Cell cell : row) {
      if (cell != null && !text(cell).isEmpty()) {
        return false;
      }
    }
    return true;
  }

  /** A cell's text with line breaks and runs of spaces made one space. */
  static String text(Cell cell) {
    if (cell == null || cell.getType() == CellType.EMPTY) {
      return "";
    }
    String t = cell.getType() == CellType.NUMBER ? cell.getRawValue() : cell.getText();
    return t == null ? "" : t.replaceAll("[\\s\\u00a0]+", " ").strip();
  }

  private static String truncate(String s, int max) {
    return s.length() <= max ? s : s.substring(0, max);
  }
}
