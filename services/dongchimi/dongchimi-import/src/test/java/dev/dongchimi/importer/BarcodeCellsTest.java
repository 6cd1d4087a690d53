package dev.dongchimi.importer;

import static dev.dongchimi.importer.Cells.number;
import static dev.dongchimi.importer.Cells.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link BarcodeCells} alone. The last column of each case says where it comes from: a sheet of an
 * existing test (ImportApiTest, SheetParserTest), or the part of BarcodeCells' code that accepts or
 * refuses it.
 */
class BarcodeCellsTest {
  private static final String REFUSED = "not 8 to 14 digits";

  @ParameterizedTest(name = "\"{0}\" is {1} ({2})")
  @CsvSource(
      delimiter = '|',
      value = {
        "0880123456789     | 0880123456789  | ImportApiTest.messySheet: a leading zero is kept",
        "8.80100000001E12  | 8801000000010  | ImportApiTest.messySheet: a long number shown as text",
        "8.80100000001E+12 | 8801000000010  | SheetParserTest, the semicolon and UTF-16 CSV",
        "8.80123456789E12  | 8801234567890  | SheetParserTest.aMalformedBarcodeInScientificNotation",
        "880 1115 114154   | 8801115114154  | spaces between the digits are removed",
        "880-1115-114154   | 8801115114154  | hyphens between the digits are removed",
        "1E+13             | 10000000000000 | the exponent form without a point",
        "12345678          | 12345678       | the shortest: 8 digits (EAN-8)",
        "12345678901234    | 12345678901234 | the longest: 14 digits (GTIN-14)",
      })
  void readsTextBarcodes(String text, String digits, String source) throws CellRefused {
    assertThat(BarcodeCells.parse(text(text))).isEqualTo(digits);
  }

  @ParameterizedTest(name = "{0} is {1} ({2})")
  @CsvSource(
      delimiter = '|',
      value = {
        "8801115114154    | 8801115114154 | ImportApiTest.messySheet, a number cell",
        "8.80123456789E12 | 8801234567890 | an xlsx number cell stored in exponent form",
        "8801115114154.0  | 8801115114154 | toBigIntegerExact: zero decimals are whole",
      })
  void readsNumberCells(String raw, String digits, String source) throws CellRefused {
    assertThat(BarcodeCells.parse(number(raw))).isEqualTo(digits);
  }

  @ParameterizedTest(name = "\"{0}\" is refused ({1})")
  @CsvSource(
      delimiter = '|',
      value = {
        "12-34           | ImportApiTest.reportsEveryInvalidRow: 4 digits",
        "1.2.3E5         | SheetParserTest.aMalformedBarcodeInScientificNotation",
        "1E30000000      | SheetParserTest.aHugeNumberInOneCell: an exponent of 3 digits or more is"
            + " never expanded",
        "1234567         | 7 digits: one short",
        "123456789012345 | 15 digits: one too many",
        "88011151A4154   | a letter among the digits",
        "8.8E+1          | the exponent form expands to too few digits",
      })
  void refusesTextThatIsNotABarcode(String text, String source) {
    assertThatThrownBy(() -> BarcodeCells.parse(text(text)))
        .isInstanceOf(CellRefused.class)
        .hasMessage(REFUSED);
  }

  @ParameterizedTest(name = "{0} is refused ({1})")
  @CsvSource(
      delimiter = '|',
      value = {
        "8801115114154.5 | toBigIntegerExact: a fraction falls back to the text, which is no barcode",
        "-8801115114154  | a negative number cell: the sign is no digit",
        "777777          | SheetParserTest.aHugeNumberInOneCell's sheet: 6 digits",
      })
  void refusesNumberCellsThatAreNotBarcodes(String raw, String source) {
    assertThatThrownBy(() -> BarcodeCells.parse(number(raw)))
        .isInstanceOf(CellRefused.class)
        .hasMessage(REFUSED);
  }
}
