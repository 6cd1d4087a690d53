package dev.dongchimi.importer;

import java.math.BigDecimal;

/**
 * A barcode cell: 8 to 14 digits (the lengths of EAN-8 to GTIN-14; no check digit is verified),
 * leading zeros kept; from a number cell, or text with spaces or hyphens between the digits, or a
 * long number as a sheet shows it in text ("8.80123E+12").
 */
final class BarcodeCells {
  private BarcodeCells() {}

  static String parse(SourceCell cell) throws CellRefused {
    String digits;
    if (cell.isNumber()) {
      try {
        digits = cell.number().toBigIntegerExact().toString();
      } catch (ArithmeticException | NumberFormatException e) {
        digits = cell.text();
      }
    } else {
      digits = cell.text().replaceAll("[\\s-]", "");
      // 8.80123E+12 as text, as a sheet shows a long number; a short exponent only.
      if (digits.matches("[0-9]{1,20}(\\.[0-9]{1,20})?[eE]\\+?[0-9]{1,2}")) {
        digits = new BigDecimal(digits).toBigInteger().toString();
      }
    }
    if (!digits.matches("[0-9]{8,14}")) {
      throw new CellRefused("not 8 to 14 digits");
    }
    return digits;
  }
}
