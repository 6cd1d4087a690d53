package dev.dongchimi.importer;

import java.util.List;

/**
 * One row of a sheet: its number as the mart sees it in Excel (1-based; the record number in a CSV)
 * and its non-empty cells.
 */
record SourceRow(int rowNum, List<SourceCell> cells) {

  /** The cell in this column, or null when it is empty. */
  SourceCell cell(int column) {
    for (SourceCell c : cells) {
      if (c.column() == column) {
        return c;
      }
    }
    return null;
  }
}
