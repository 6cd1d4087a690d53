package dev.dongchimi.importer;

import java.math.BigDecimal;

/**
 * One non-empty cell as a reader hands it to {@link SheetParser}, whatever the file format: its
 * zero-based column, its text (line breaks and runs of spaces made one space), and its number when
 * the source cell is numeric (xlsx/xls number cells, dates as Excel serials); CSV cells are text
 * only.
 */
record SourceCell(int column, String text, BigDecimal number) {
  /** Columns past this are never read: a product sheet has a dozen, Excel at most 16,384. */
  static final int MAX_COLUMNS = 256;

  private static final java.util.regex.Pattern SPACES =
      java.util.regex.Pattern.compile("[\\s\\u00a0]+");

  /** Longer than any name, price, date or barcode: the rest of such a cell is never read. */
  static final int MAX_TEXT = 1_000;

  /** Digits either side of the point: a real cell has 15 significant ones at most. */
  static final int MAX_DIGITS = 30;

  SourceCell {
    text = text == null ? "" : text;
    if (text.length() > MAX_TEXT) {
      text = text.substring(0, MAX_TEXT);
    }
    text = SPACES.matcher(text).replaceAll(" ").strip();
    // A number such as 1E30000000 is one short cell, but expanding it (a barcode's digits, a
    // date's plain text) would take minutes: such a cell is text, and fails as text does.
    if (number != null
        && (number.precision() - number.scale() > MAX_DIGITS || number.scale() > MAX_DIGITS)) {
      number = null;
    }
  }

  static SourceCell text(int column, String text) {
    return new SourceCell(column, text, null);
  }

  boolean isNumber() {
    return number != null;
  }
}
