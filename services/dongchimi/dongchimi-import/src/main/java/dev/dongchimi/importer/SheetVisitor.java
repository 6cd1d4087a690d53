package dev.dongchimi.importer;

/**
 * What the readers (xlsx, xls, csv) feed: the sheets in workbook order and their rows top to
 * bottom. Readers push rather than return an iterator because POI's xls event API pushes records.
 */
interface SheetVisitor {

  /** A sheet starts; false: skip its rows. */
  boolean startSheet(String name, boolean hidden);

  /**
   * The pictures anchored in the current sheet's cells, before its rows (xlsx only; other formats
   * never call it).
   */
  default void pictures(java.util.List<XlsxSheetParts.Picture> pictures) {}

  /** A row of the current sheet; false: skip the rest of this sheet. */
  boolean row(SourceRow row);

  /** The current sheet has ended. */
  void endSheet();

  /** Nothing more is needed: the reader may stop reading. */
  boolean finished();
}
