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

/** Streams an .xlsx with fastexcel-reader (memory does not grow with the sheet). */
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
        try (Stream<Row> stream = sheet.openStream()) {
          Iterator<Row> rows = stream.iterator();
          while (rows.hasNext() && visitor.row(row(rows.next()))) {
            // the visitor does the work
          }
        }
        visitor.endSheet();
      }
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
