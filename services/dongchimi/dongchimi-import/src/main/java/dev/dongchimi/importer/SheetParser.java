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

  /** The parse: valid rows, invalid rows, and how many data rows the sheet had. */
  public record Parsed(List<SheetRow> rows, List<RowError> errors, int dataRows, int duplicates) {}

  private final int maxRows;
  private final SheetRowMapper rowMapper;

  /** {@code today}: the year of a sale date written without one. */
  public SheetParser(int maxRows, LocalDate today) {
    this.maxRows = maxRows;
    this.rowMapper = new SheetRowMapper(today);
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
      columns = SheetHeader.columns(row);
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
      SheetRow parsed = rowMapper.map(row.rowNum(), cells, rowErrors);
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

  private static boolean sameValues(ProductInput a, ProductInput b) {
    return Objects.equals(a.name(), b.name())
        && Objects.equals(a.regularPrice(), b.regularPrice())
        && Objects.equals(a.salePrice(), b.salePrice())
        && Objects.equals(a.saleStart(), b.saleStart())
        && Objects.equals(a.saleEnd(), b.saleEnd())
        && Objects.equals(a.imageUrl(), b.imageUrl());
  }
}
