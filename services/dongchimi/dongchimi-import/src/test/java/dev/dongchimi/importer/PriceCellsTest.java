package dev.dongchimi.importer;

import static dev.dongchimi.importer.Cells.cell;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link PriceCells} alone. The last column of each case says where it comes from: a sheet of an
 * existing test (ImportApiTest, SheetParserTest), or the part of PriceCells' code that accepts or
 * refuses it.
 */
class PriceCellsTest {
  private static final String ABOVE_MAX = "above 10,000,000원";

  @ParameterizedTest(name = "{0} \"{1}\" is {2} ({3})")
  @CsvSource(
      delimiter = '|',
      value = {
        "text   | 4,980원      | 4980     | ImportApiTest.messySheet",
        "text   | 12,900      | 12900    | ImportApiTest.messySheet",
        "text   | 2500        | 2500     | ImportApiTest.messySheet",
        "text   | 1,000원      | 1000     | ImportApiTest.aCsvWithBadRowsReportsThemByExcelRowNumber",
        "text   | 3,280원      | 3280     | SheetParserTest, the semicolon and UTF-16 CSV",
        "text   | ₩3,280      | 3280     | PRICE: an optional ₩ first",
        "text   | $3280       | 3280     | PRICE: an optional $ first",
        "text   | 3,280 원     | 3280     | spaces are removed before PRICE is matched",
        "text   | 3280.00     | 3280     | PRICE: a point and zeros only, as a sheet formats it",
        "text   | 3,280.0원    | 3280     | PRICE: commas, zero decimals and 원 together",
        "text   | 0           | 0        | signum: zero is a price (a free item)",
        "text   | 10,000,000원 | 10000000 | the bound: ProductInput.MAX_PRICE itself",
        "number | 3280        | 3280     | ImportApiTest.messySheet, a number cell",
        "number | 3280.0      | 3280     | stripTrailingZeros: zero decimals are whole",
        "number | 0           | 0        | signum: zero is a price",
        "number | 10000000    | 10000000 | the bound: ProductInput.MAX_PRICE itself",
      })
  void readsThePricesMartsWrite(String kind, String raw, int won, String source)
      throws CellRefused {
    assertThat(PriceCells.parse(cell(kind, raw))).isEqualTo(won);
  }

  @ParameterizedTest(name = "{0} \"{1}\" is refused ({2})")
  @CsvSource(
      delimiter = '|',
      value = {
        "text   | 문의                    | ImportApiTest (xlsx and CSV), SheetParserTest (xls)",
        "text   | 3280.5                | PRICE: only zeros after the point",
        "text   | -1000                 | PRICE: a price starts with a digit, no sign",
        "text   | 3,280원원               | PRICE: one 원 at most",
        "text   | 약 3,000원              | PRICE: nothing but ₩ or $ before the digits",
        "text   | 123456789012345678901 | PRICE: 20 digits and commas at most",
        "number | -1                    | signum: a negative number cell",
        "number | 3280.5                | stripTrailingZeros: a number cell with a fraction",
      })
  void refusesWhatIsNotAPriceInWholeWon(String kind, String raw, String source) {
    assertThatThrownBy(() -> PriceCells.parse(cell(kind, raw)))
        .isInstanceOf(CellRefused.class)
        .hasMessage("not a price in whole won");
  }

  @ParameterizedTest(name = "{0} \"{1}\" is above the bound ({2})")
  @CsvSource(
      delimiter = '|',
      value = {
        "text   | 10,000,001원          | one won above ProductInput.MAX_PRICE",
        "text   | 99999999999999999999 | the longest text PRICE matches: too high, not unreadable",
        "number | 10000001             | one won above ProductInput.MAX_PRICE",
        "number | 1E+12                | far above it: refused before intValueExact could fail",
      })
  void refusesPricesAboveTheHighest(String kind, String raw, String source) {
    assertThatThrownBy(() -> PriceCells.parse(cell(kind, raw)))
        .isInstanceOf(CellRefused.class)
        .hasMessage(ABOVE_MAX);
  }
}
