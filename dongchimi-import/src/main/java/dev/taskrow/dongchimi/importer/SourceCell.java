package dev.taskrow.dongchimi.importer;

import java.math.BigDecimal;

/**
 * One non-empty cell as a reader hands it to {@link SheetParser}, whatever the file format: its
 * zero-based column, its text (line breaks and runs of spaces made one space), and its number when
 * the source cell is numeric (xlsx/xls number cells, dates as Excel serials); CSV cells are text
 * only.
 */
record SourceCell(int column, String text, BigDecimal number) {
  SourceCell {
    text = text == null ? "" : text.replaceAll("[\\s\\u00a0]+", " ").strip();
  }

  static SourceCell text(int column, String text) {
    return new SourceCell(column, text, null);
  }

  boolean isNumber() {
    return number != null;
  }
}
