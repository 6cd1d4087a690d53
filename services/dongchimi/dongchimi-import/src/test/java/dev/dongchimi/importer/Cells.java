package dev.dongchimi.importer;

import java.math.BigDecimal;

/** Source cells for the cell parsers' tests, made as the readers make them. */
final class Cells {
  private Cells() {}

  /** A text cell (a CSV field, a string cell). */
  static SourceCell text(String text) {
    return SourceCell.text(0, text);
  }

  /** A number cell as XlsxReader makes one: the raw value is both its text and its number. */
  static SourceCell number(String raw) {
    return new SourceCell(0, raw, new BigDecimal(raw));
  }
}
