package dev.dongchimi.importer;

import dev.dongchimi.Problem;
import dev.dongchimi.ProductInput;
import dev.dongchimi.ProductNames;
import dev.dongchimi.importer.SheetHeader.Column;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/**
 * One data row's cells, by column, made a product as the catalog takes it (category still open), or
 * every {@link RowError} the row has: a name is required, the prices and dates must read and agree,
 * a sale price needs its period. Each cell value is read by its cell parser ({@link PriceCells},
 * {@link BarcodeCells}, {@link DateCells}); the rules across cells are here.
 */
final class SheetRowMapper {
  /** A cell parser: the cell's value, or why it is refused. */
  @FunctionalInterface
  private interface CellParser<T> {
    T parse(SourceCell cell) throws CellRefused;
  }

  private final DateCells dates;

  SheetRowMapper(LocalDate today) {
    this.dates = new DateCells(today);
  }

  DateCells dates() {
    return dates;
  }

  /** A note under or between products: text in the name column only, or a ※/* remark. */
  static boolean isNote(Map<Column, SourceCell> cells) {
    SourceCell name = cells.get(Column.NAME);
    if (name == null) {
      return false;
    }
    String text = name.text();
    return cells.size() == 1
        || text.startsWith("※")
        || text.startsWith("*")
        || text.startsWith("#")
        || text.startsWith("비고")
        || text.startsWith("참고");
  }

  /** The row's product, or null with the row's errors added to {@code errors}. */
  SheetRow map(int rowNum, Map<Column, SourceCell> cells, List<RowError> errors) {
    return map(rowNum, cells, errors, null);
  }

  /**
   * The row's product; a row with a sale price and no sale dates at all takes {@code assumed} (when
   * not null) and its {@link SheetRow#periodAssumed()} says so. A row with one date of the two is
   * still an error: half a period is a mistake, not an omission.
   */
  SheetRow map(
      int rowNum, Map<Column, SourceCell> cells, List<RowError> errors, SalePeriod assumed) {
    String rawName = cells.containsKey(Column.NAME) ? cells.get(Column.NAME).text() : null;
    if (rawName == null) {
      errors.add(new RowError(rowNum, Column.NAME.label, "", "a product name is required"));
      return null;
    }
    String spec = cells.containsKey(Column.SPEC) ? cells.get(Column.SPEC).text() : null;
    String full =
        spec == null || rawName.replace(" ", "").contains(spec.replace(" ", ""))
            ? rawName
            : rawName + " " + spec;
    Integer regular = parsed(rowNum, Column.REGULAR_PRICE, cells, errors, PriceCells::parse);
    Integer sale = parsed(rowNum, Column.SALE_PRICE, cells, errors, PriceCells::parse);
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
    LocalDate[] period = parsed(rowNum, Column.SALE_PERIOD, cells, errors, dates::period);
    if (period != null) {
      start = period[0];
      end = period[1];
    }
    // A 시작일 or 종료일 column overrides the period's, even when its cell is refused.
    if (cells.containsKey(Column.SALE_START)) {
      start = parsed(rowNum, Column.SALE_START, cells, errors, dates::date);
    }
    if (cells.containsKey(Column.SALE_END)) {
      end = parsed(rowNum, Column.SALE_END, cells, errors, dates::date);
    }
    if (start != null && end != null && end.isBefore(start)) {
      errors.add(
          new RowError(rowNum, Column.SALE_END.label, end.toString(), "before the start " + start));
    }
    boolean noDates =
        !cells.containsKey(Column.SALE_PERIOD)
            && !cells.containsKey(Column.SALE_START)
            && !cells.containsKey(Column.SALE_END);
    boolean periodAssumed = sale != null && noDates && assumed != null;
    if (periodAssumed) {
      start = assumed.start();
      end = assumed.end();
    }
    if (sale != null && (start == null || end == null) && errors.isEmpty()) {
      errors.add(
          new RowError(
              rowNum, Column.SALE_PERIOD.label, "", "a sale price needs 행사기간 (or 시작일 and 종료일)"));
    }
    String barcode = parsed(rowNum, Column.BARCODE, cells, errors, BarcodeCells::parse);
    String image = cells.containsKey(Column.IMAGE) ? cells.get(Column.IMAGE).text() : null;
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
      return new SheetRow(rowNum, input, key, cleaned, periodAssumed);
    } catch (Problem p) {
      errors.add(new RowError(rowNum, columnOf(p.code()), full, p.getMessage()));
      return null;
    }
  }

  /** The column's value, or null: when the row has no such cell, or (with an error) refused. */
  private static <T> T parsed(
      int rowNum,
      Column column,
      Map<Column, SourceCell> cells,
      List<RowError> errors,
      CellParser<T> parser) {
    SourceCell cell = cells.get(column);
    if (cell == null) {
      return null;
    }
    try {
      return parser.parse(cell);
    } catch (CellRefused e) {
      errors.add(new RowError(rowNum, column.label, cell.text(), e.getMessage()));
      return null;
    }
  }

  /** The column a product's own check ({@link ProductInput#check}) blames, by its code. */
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

  private static String truncate(String s, int max) {
    return s.length() <= max ? s : s.substring(0, max);
  }
}
