package dev.dongchimi.importer;

import static dev.dongchimi.importer.Cells.cell;
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

  @ParameterizedTest(name = "{0} \"{1}\" is {2} ({3})")
  @CsvSource(
      delimiter = '|',
      value = {
        "text   | 0880123456789     | 0880123456789  | ImportApiTest.messySheet: a leading 0 is kept",
        "text   | 8.80100000001E12  | 8801000000010  | ImportApiTest.messySheet: a number as text",
        "text   | 8.80100000001E+12 | 8801000000010  | SheetParserTest, the semicolon and UTF-16 CSV",
        "text   | 8.80123456789E12  | 8801234567890  | SheetParserTest.aMalformedBarcode…",
        "text   | 880 1115 114154   | 8801115114154  | spaces between the digits are removed",
        "text   | 880-1115-114154   | 8801115114154  | hyphens between the digits are removed",
        "text   | 1E+13             | 10000000000000 | the exponent form without a point",
        "text   | 12345678          | 12345678       | the shortest: 8 digits (EAN-8)",
        "text   | 12345678901234    | 12345678901234 | the longest: 14 digits (GTIN-14)",
        "number | 8801115114154     | 8801115114154  | ImportApiTest.messySheet, a number cell",
        "number | 8.80123456789E12  | 8801234567890  | an xlsx number stored in exponent form",
        "number | 8801115114154.0   | 8801115114154  | toBigIntegerExact: zero decimals are whole",
      })
  void readsTheBarcodesMartsWrite(String kind, String raw, String digits, String source)
      throws CellRefused {
    assertThat(BarcodeCells.parse(cell(kind, raw))).isEqualTo(digits);
  }

  @ParameterizedTest(name = "{0} \"{1}\" is refused ({2})")
  @CsvSource(
      delimiter = '|',
      value = {
        "text   | 12-34           | ImportApiTest.reportsEveryInvalidRow: 4 digits",
        "text   | 1.2.3E5         | SheetParserTest.aMalformedBarcodeInScientificNotation",
        "text   | 1E30000000      | SheetParserTest.aHugeNumberInOneCell: a 3-digit exponent stays",
        "text   | 1234567         | 7 digits: one short",
        "text   | 123456789012345 | 15 digits: one too many",
        "text   | 88011151A4154   | a letter among the digits",
        "text   | 8.8E+1          | the exponent form expands to too few digits",
        "number | 8801115114154.5 | toBigIntegerExact: a fraction falls back to the text",
        "number | -8801115114154  | a negative number cell: the sign is no digit",
        "number | 777777          | SheetParserTest.aHugeNumberInOneCell's sheet: 6 digits",
      })
  void refusesWhatIsNot8To14Digits(String kind, String raw, String source) {
    assertThatThrownBy(() -> BarcodeCells.parse(cell(kind, raw)))
        .isInstanceOf(CellRefused.class)
        .hasMessage("not 8 to 14 digits");
  }
}
