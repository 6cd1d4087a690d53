package dev.dongchimi.importer;

import static dev.dongchimi.importer.Cells.number;
import static dev.dongchimi.importer.Cells.text;
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
  private static final String NOT_WHOLE_WON = "not a price in whole won";
  private static final String ABOVE_MAX = "above " + String.format("%,d", 10_000_000) + "원";

  @ParameterizedTest(name = "\"{0}\" is {1} ({2})")
  @CsvSource(
      delimiter = '|',
      value = {
        "4,980원      | 4980     | ImportApiTest.messySheet",
        "12,900      | 12900    | ImportApiTest.messySheet",
        "2500        | 2500     | ImportApiTest.messySheet",
        "1,000원      | 1000     | ImportApiTest.aCsvWithBadRowsReportsThemByExcelRowNumber",
        "3,280원      | 3280     | SheetParserTest, the semicolon and UTF-16 CSV",
        "₩3,280      | 3280     | PRICE: an optional ₩ first",
        "$3280       | 3280     | PRICE: an optional $ first",
        "3,280 원     | 3280     | spaces are removed before PRICE is matched",
        "3280.00     | 3280     | PRICE: a point and zeros only, as a sheet formats a whole price",
        "3,280.0원    | 3280     | PRICE: commas, zero decimals and 원 together",
        "0           | 0        | signum: zero is a price (a free item)",
        "10,000,000원 | 10000000 | the bound: ProductInput.MAX_PRICE itself",
      })
  void readsTheTextPricesMartsWrite(String text, int won, String source) throws CellRefused {
    assertThat(PriceCells.parse(text(text))).isEqualTo(won);
  }

  @ParameterizedTest(name = "{0} is {1} ({2})")
  @CsvSource(
      delimiter = '|',
      value = {
        "3280     | 3280     | ImportApiTest.messySheet, a number cell",
        "3280.0   | 3280     | stripTrailingZeros: a number with zero decimals is whole",
        "0        | 0        | signum: zero is a price",
        "10000000 | 10000000 | the bound: ProductInput.MAX_PRICE itself",
      })
  void readsNumberCells(String raw, int won, String source) throws CellRefused {
    assertThat(PriceCells.parse(number(raw))).isEqualTo(won);
  }

  @ParameterizedTest(name = "\"{0}\" is refused ({1})")
  @CsvSource(
      delimiter = '|',
      value = {
        "문의                    | ImportApiTest (xlsx and CSV), SheetParserTest (xls)",
        "3280.5                | PRICE: only zeros after the point",
        "-1000                 | PRICE: a price starts with a digit, no sign",
        "3,280원원               | PRICE: one 원 at most",
        "약 3,000원              | PRICE: nothing but ₩ or $ before the digits",
        "123456789012345678901 | PRICE: 20 digits and commas at most",
      })
  void refusesTextThatIsNotAWholeWonPrice(String text, String source) {
    assertThatThrownBy(() -> PriceCells.parse(text(text)))
        .isInstanceOf(CellRefused.class)
        .hasMessage(NOT_WHOLE_WON);
  }

  @ParameterizedTest(name = "{0} is refused ({1})")
  @CsvSource(
      delimiter = '|',
      value = {
        "-1     | signum: a negative number cell",
        "3280.5 | stripTrailingZeros: a number cell with a fraction",
      })
  void refusesNumberCellsThatAreNotWholeWon(String raw, String source) {
    assertThatThrownBy(() -> PriceCells.parse(number(raw)))
        .isInstanceOf(CellRefused.class)
        .hasMessage(NOT_WHOLE_WON);
  }

  @ParameterizedTest(name = "{0} is above the bound ({1})")
  @CsvSource(
      delimiter = '|',
      value = {
        "10,000,001원          | one won above ProductInput.MAX_PRICE, as text",
        "99999999999999999999 | the longest text PRICE matches: above the bound, not unreadable",
      })
  void refusesTextAboveTheHighestPrice(String text, String source) {
    assertThatThrownBy(() -> PriceCells.parse(text(text)))
        .isInstanceOf(CellRefused.class)
        .hasMessage(ABOVE_MAX);
  }

  @ParameterizedTest(name = "{0} is above the bound ({1})")
  @CsvSource(
      delimiter = '|',
      value = {
        "10000001 | one won above ProductInput.MAX_PRICE, as a number cell",
        "1E+12    | a number cell far above it: refused before intValueExact",
      })
  void refusesNumberCellsAboveTheHighestPrice(String raw, String source) {
    assertThatThrownBy(() -> PriceCells.parse(number(raw)))
        .isInstanceOf(CellRefused.class)
        .hasMessage(ABOVE_MAX);
  }
}
