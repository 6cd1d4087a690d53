package dev.dongchimi.importer;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.dhatim.fastexcel.reader.Cell;
import org.dhatim.fastexcel.reader.CellType;
import org.dhatim.fastexcel.reader.ReadableWorkbook;
import org.dhatim.fastexcel.reader.Row;
import org.dhatim.fastexcel.reader.Sheet;
import org.dhatim.fastexcel.reader.SheetVisibility;

/**
 * Streams an .xlsx with fastexcel-reader (memory does not grow with the sheet); merged regions and
 * anchored pictures come from a second pass over the sheet's parts ({@link XlsxSheetParts}).
 */
final class XlsxReader {
  private XlsxReader() {}

  static void read(Path file, SheetVisitor visitor) throws IOException {
    try (ReadableWorkbook workbook = new ReadableWorkbook(file.toFile())) {
      for (Sheet sheet : workbook.getSheets().toList()) {
        if (visitor.finished()) {
          return;
        }
        if (!visitor.startSheet(
            sheet.getName(), sheet.getVisibility() != SheetVisibility.VISIBLE)) {
          continue;
        }
        XlsxSheetParts.Parts parts = XlsxSheetParts.read(file, sheet.getId());
        visitor.pictures(parts.pictures());
        Spreader spreader = new Spreader(parts.merges());
        try (Stream<Row> stream = sheet.openStream()) {
          Iterator<Row> rows = stream.iterator();
          while (rows.hasNext() && visitor.row(spreader.spread(row(rows.next())))) {
            // the visitor does the work
          }
        }
        visitor.endSheet();
      }
    }
  }

  /**
   * Spreads merged cells down: a region over several rows (a category or 행사기간 cell merged over the
   * products it applies to) gives its value, held by its top-left cell, to the rows below it in its
   * first column. Merges within one row (titles across columns) are left as they are.
   */
  private static final class Spreader {
    private final List<XlsxSheetParts.Merge> merges;
    private final java.util.Map<XlsxSheetParts.Merge, SourceCell> values =
        new java.util.HashMap<>();

    Spreader(List<XlsxSheetParts.Merge> merges) {
      this.merges = merges.stream().filter(m -> m.lastRow() > m.firstRow()).toList();
    }

    SourceRow spread(SourceRow row) {
      if (merges.isEmpty()) {
        return row;
      }
      List<SourceCell> cells = null;
      for (XlsxSheetParts.Merge m : merges) {
        int r = row.rowNum();
        if (r == m.firstRow()) {
          SourceCell top = row.cell(m.firstColumn());
          if (top != null) {
            values.put(m, top);
          }
        } else if (r > m.firstRow() && r <= m.lastRow() && row.cell(m.firstColumn()) == null) {
          SourceCell top = values.get(m);
          if (top != null) {
            if (cells == null) {
              cells = new ArrayList<>(row.cells());
            }
            cells.add(top);
          }
        }
        if (r >= m.lastRow()) {
          values.remove(m);
        }
      }
      return cells == null ? row : new SourceRow(row.rowNum(), cells);
    }
  }

  private static SourceRow row(Row row) {
    List<SourceCell> cells = new ArrayList<>(row.getCellCount());
    for (Cell cell : row) {
      if (cell == null
          || cell.getType() == CellType.EMPTY
          || cell.getColumnIndex() >= SourceCell.MAX_COLUMNS) {
        continue;
      }
      SourceCell c;
      if (cell.getType() == CellType.NUMBER) {
        // The raw value as stored ("8801115114154", "46357"), not the displayed format, so that
        // every reader gives the parser the same thing.
        c = new SourceCell(cell.getColumnIndex(), cell.getRawValue(), number(cell.getRawValue()));
      } else {
        c = SourceCell.text(cell.getColumnIndex(), cell.getText());
      }
      if (!c.text().isEmpty()) {
        cells.add(c);
      }
    }
    return new SourceRow(row.getRowNum(), cells);
  }

  private static BigDecimal number(String raw) {
    try {
      return raw == null ? null : new BigDecimal(raw);
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
