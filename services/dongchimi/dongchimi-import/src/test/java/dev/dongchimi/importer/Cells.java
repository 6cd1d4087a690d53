package dev.dongchimi.importer;

import java.math.BigDecimal;

/** Source cells for the cell parsers' tests, made as the readers make them. */
final class Cells {
  private Cells() {}

  /**
   * A {@code text} cell (a CSV field, a string cell) or a {@code number} cell as XlsxReader makes
   * one: the raw value is both its text and its number.
   */
  static SourceCell cell(String kind, String raw) {
    return switch (kind) {
      case "text" -> SourceCell.text(0, raw);
      case "number" -> new SourceCell(0, raw, new BigDecimal(raw));
      default -> throw new IllegalArgumentException("a cell is text or number, not " + kind);
    };
  }
}
