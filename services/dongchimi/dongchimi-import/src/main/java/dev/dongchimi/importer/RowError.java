package dev.dongchimi.importer;

/** One invalid cell: the sheet's row number (1-based, as Excel shows it), column, value, reason. */
public record RowError(int row, String column, String value, String reason) {
  static final int MAX_VALUE = 100;

  /** The cell's value is cut: the mart needs to find the cell, and errors are kept and served. */
  public RowError {
    if (value != null && value.length() > MAX_VALUE) {
      value = value.substring(0, MAX_VALUE) + "…";
    }
  }
}
