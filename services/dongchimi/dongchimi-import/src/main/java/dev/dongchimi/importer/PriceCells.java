package dev.dongchimi.importer;

import dev.dongchimi.ProductInput;
import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A price cell in whole won: a number cell, or text such as "12,345원", "₩12,345", "12345.00"; never
 * negative, never above {@link ProductInput#MAX_PRICE}.
 */
final class PriceCells {
  private static final Pattern PRICE =
      Pattern.compile("[₩$]?\\s*([0-9][0-9,]{0,19})(\\.0+)?\\s*원?");

  private PriceCells() {}

  static int parse(SourceCell cell) throws CellRefused {
    try {
      BigDecimal amount;
      if (cell.isNumber()) {
        amount = cell.number();
      } else {
        Matcher m = PRICE.matcher(cell.text().replace(" ", ""));
        if (!m.matches()) {
          throw new NumberFormatException();
        }
        amount = new BigDecimal(m.group(1).replace(",", ""));
      }
      if (amount.signum() < 0 || amount.stripTrailingZeros().scale() > 0) {
        throw new NumberFormatException();
      }
      if (amount.compareTo(BigDecimal.valueOf(ProductInput.MAX_PRICE)) > 0) {
        throw new CellRefused(String.format(Locale.ROOT, "above %,d원", ProductInput.MAX_PRICE));
      }
      return amount.intValueExact();
    } catch (NumberFormatException | ArithmeticException e) {
      throw new CellRefused("not a price in whole won");
    }
  }
}
