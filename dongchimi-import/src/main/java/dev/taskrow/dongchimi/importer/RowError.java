package dev.taskrow.dongchimi.importer;

/** One invalid cell: the sheet's row number (1-based, as Excel shows it), column, value, reason. */
public record RowError(int row, String column, String value, String reason) {}
