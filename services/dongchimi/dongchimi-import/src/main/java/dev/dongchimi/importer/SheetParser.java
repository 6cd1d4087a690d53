package dev.dongchimi.importer;

import dev.dongchimi.ProductInput;
import dev.dongchimi.importer.SheetHeader.Column;
import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Streams a workbook (memory does not grow with the file) and turns messy rows into products: the
 * first visible sheet with a header is used (title or cover sheets before it are skipped); the
 * header may sit below title rows and use any of several names; prices come as "12,345원"; barcodes
 * as numbers (scientific notation too); dates as Excel serials, text or ranges ("2026-12-01~12-07",
 * "12/1(월)~12/7(일)", "20261201"); blank rows, note rows and exact duplicates are skipped; every
 * other problem is a {@link RowError}. The rows come from a reader per format ({@link XlsxReader},
 * {@link XlsReader}, {@link CsvReader}) as {@link SourceRow}s; the header is found by {@link
 * SheetHeader}, each data row is mapped by {@link SheetRowMapper}.
 */
public final class SheetParser {
  static final int HEADER_SEARCH_ROWS = 30;
  static final int MAX_ROW_ERRORS = 1000;

  /**
   * The parse: valid rows, invalid rows, how many data rows the sheet had, and the sale period that
   * rows without dates took (null when none did).
   */
  public record Parsed(
      List<SheetRow> rows,
      List<RowError> errors,
      int dataRows,
      int duplicates,
      SalePeriod.Assumed assumedPeriod,
      List<RowPicture> pictures) {}

  /** A picture anchored in a product row: that product's image candidate. */
  public record RowPicture(int row, String productKey, XlsxSheetParts.Picture picture) {}

  private final int maxRows;
  private final SheetRowMapper rowMapper;
  private final SalePeriod uploaded;
  private final SalePeriod martDefault;

  /**
   * {@code today}: the year of a sale date written without one. A sale price without dates is a row
   * error.
   */
  public SheetParser(int maxRows, LocalDate today) {
    this(maxRows, today, null, null);
  }

  /**
   * A sale price without dates takes {@code uploaded} (the upload's form fields; may be null), else
   * a period in the sheet's title rows, else {@code martDefault} (may be null: then it is a row
   * error).
   */
  public SheetParser(int maxRows, LocalDate today, SalePeriod uploaded, SalePeriod martDefault) {
    this.maxRows = maxRows;
    this.rowMapper = new SheetRowMapper(today);
    this.uploaded = uploaded;
    this.martDefault = martDefault;
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
    private SalePeriod titlePeriod; // found in a row above the header
    private final Map<Integer, XlsxSheetParts.Picture> picturesByRow = new HashMap<>();
    private final List<RowPicture> rowPictures = new ArrayList<>();
    private int assumedRows;

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
      titlePeriod = null; // a title belongs to its own sheet
      return true;
    }

    @Override
    public void pictures(List<XlsxSheetParts.Picture> pictures) {
      picturesByRow.clear();
      for (XlsxSheetParts.Picture p : pictures) {
        picturesByRow.putIfAbsent(p.row(), p); // the first picture of a row
      }
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
      columns = SheetHeader.columns(row);
      if (columns == null && titlePeriod == null) {
        titlePeriod = periodIn(row);
      }
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
      SalePeriod assumed = assumed();
      return new Parsed(
          valid,
          errors,
          dataRows,
          duplicates,
          assumedRows == 0
              ? null
              : new SalePeriod.Assumed(
                  assumed.start(), assumed.end(), assumed.source(), assumedRows),
          List.copyOf(rowPictures));
    }

    /** The period rows without dates take: the upload's, the title's, the mart's default. */
    private SalePeriod assumed() {
      if (uploaded != null) {
        return uploaded;
      }
      return titlePeriod != null ? titlePeriod : martDefault;
    }

    /** A period written in one of a title row's cells. */
    private SalePeriod periodIn(SourceRow row) {
      for (SourceCell cell : row.cells()) {
        LocalDate[] p = rowMapper.dates().periodInText(cell.text());
        if (p != null) {
          return new SalePeriod(p[0], p[1], SalePeriod.Source.SHEET_TITLE);
        }
      }
      return null;
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
      return where + skipped + "; expected " + SheetHeader.EXPECTED_HEADERS;
    }

    private void data(SourceRow row) {
      Map<Column, SourceCell> cells = new EnumMap<>(Column.class);
      for (Map.Entry<Column, Integer> c : columns.entrySet()) {
        SourceCell cell = row.cell(c.getValue());
        if (cell != null && !cell.text().isEmpty()) {
          cells.put(c.getKey(), cell);
        }
      }
      if (cells.isEmpty() || SheetRowMapper.isNote(cells)) {
        return;
      }
      if (++dataRows > maxRows) {
        throw new InvalidFileException(
            "TOO_MANY_ROWS", "the sheet has more than " + maxRows + " product rows");
      }
      List<RowError> rowErrors = new ArrayList<>();
      SheetRow parsed = rowMapper.map(row.rowNum(), cells, rowErrors, assumed());
      if (parsed != null) {
        SheetRow first = byKey.putIfAbsent(parsed.productKey(), parsed);
        if (first == null) {
          valid.add(parsed);
          XlsxSheetParts.Picture picture = picturesByRow.get(parsed.row());
          if (picture != null) {
            rowPictures.add(new RowPicture(parsed.row(), parsed.productKey(), picture));
          }
          if (parsed.periodAssumed()) {
            assumedRows++;
          }
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

  private static boolean sameValues(ProductInput a, ProductInput b) {
    return Objects.equals(a.name(), b.name())
        && Objects.equals(a.regularPrice(), b.regularPrice())
        && Objects.equals(a.salePrice(), b.salePrice())
        && Objects.equals(a.saleStart(), b.saleStart())
        && Objects.equals(a.saleEnd(), b.saleEnd())
        && Objects.equals(a.imageUrl(), b.imageUrl());
  }
}
