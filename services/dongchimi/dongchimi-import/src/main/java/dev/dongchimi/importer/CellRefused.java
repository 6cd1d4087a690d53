package dev.dongchimi.importer;

/**
 * A cell whose value a cell parser ({@link PriceCells}, {@link BarcodeCells}, {@link DateCells})
 * does not accept; the message is the reason the mart reads in the {@link RowError}.
 */
final class CellRefused extends Exception {
  CellRefused(String reason) {
    // A refused cell is expected input, not a fault: a sheet of bad rows fills no stack traces.
    super(reason, null, false, false);
  }
}
