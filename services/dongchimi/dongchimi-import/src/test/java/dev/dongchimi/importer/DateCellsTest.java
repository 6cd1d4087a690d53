package dev.dongchimi.importer;

import static dev.dongchimi.importer.Cells.number;
import static dev.dongchimi.importer.Cells.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDate;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link DateCells} alone, on the day SheetParserTest and ImportApiTest parse on. The text ranges
 * of SheetParserTest.readsTheDateRangesMartsWrite and refusesWhatIsNotADateRange are not repeated
 * here: these are the cells (시작일/종료일, 행사기간), the Excel serial's bounds, and the separators and
 * weekdays that test leaves out. The last column of each case says where it comes from.
 */
class DateCellsTest {
  private static final LocalDate TODAY = LocalDate.of(2026, 11, 30);
  private final DateCells dates = new DateCells(TODAY);

  // --- 시작일 / 종료일: one date ----------------------------------------------------------------

  @ParameterizedTest(name = "{0} is {1} ({2})")
  @CsvSource(
      delimiter = '|',
      value = {
        "46357    | 2026-12-01 | ImportApiTest.reportsEveryInvalidRow: an Excel serial",
        "46363    | 2026-12-07 | ImportApiTest.reportsEveryInvalidRow: an Excel serial",
        "46357.75 | 2026-12-01 | serial: a date and time, the time dropped",
        "20261201 | 2026-12-01 | SheetParserTest.eightDigitDatesWorkAsNumberCellsToo: not a serial",
        "1        | 1899-12-31 | serial: the first day it reads",
        "100000   | 2173-10-14 | serial: the last day it reads",
      })
  void readsNumberCellsAsDates(String raw, LocalDate date, String source) throws CellRefused {
    assertThat(dates.date(number(raw))).isEqualTo(date);
  }

  @ParameterizedTest(name = "\"{0}\" is {1} ({2})")
  @CsvSource(
      delimiter = '|',
      value = {
        "2026.12.01. | 2026-12-01 | SheetParserTest.aSheetWithNewHeaderNamesParses",
        "2026-12-07  | 2026-12-07 | ImportApiTest.reportsEveryInvalidRow",
        "46357       | 2026-12-01 | parseDate: five digits as text are a serial",
        "12/1(화)     | 2026-12-01 | DATE without a year: the year of today",
        "1/3         | 2026-01-03 | DATE without a year: today's year even when the day is past",
        "12/1~12/1   | 2026-12-01 | date: a range of one day is that day",
      })
  void readsTextCellsAsDates(String text, LocalDate date, String source) throws CellRefused {
    assertThat(dates.date(text(text))).isEqualTo(date);
  }

  @ParameterizedTest(name = "\"{0}\" is not a date ({1})")
  @CsvSource(
      delimiter = '|',
      value = {
        "언젠가               | ImportApiTest.reportsEveryInvalidRow",
        "2026-12-01~12-07  | date: a range of two days is not one date",
        "1E-30000000       | SheetParserTest.aHugeNumberInOneCell: read as text, not expanded",
        "2026-02-30        | DATE: a day the month does not have",
      })
  void refusesTextThatIsNotADate(String text, String source) {
    assertThatThrownBy(() -> dates.date(text(text)))
        .isInstanceOf(CellRefused.class)
        .hasMessage("not a date");
  }

  @ParameterizedTest(name = "{0} is not a date ({1})")
  @CsvSource(
      delimiter = '|',
      value = {
        "0.5    | serial: below 1, a time of day without a date",
        "100001 | serial: above 100,000, and six digits are no date as text either",
        "-1     | serial: negative",
      })
  void refusesNumberCellsOutsideTheSerialsBounds(String raw, String source) {
    assertThatThrownBy(() -> dates.date(number(raw)))
        .isInstanceOf(CellRefused.class)
        .hasMessage("not a date");
  }

  @ParameterizedTest(name = "{0} is not a date ({1})")
  @CsvSource(
      delimiter = '|',
      value = {
        "1E-30000000 | SheetParserTest.aHugeNumberInOneCell: SourceCell drops such a number",
      })
  void aNumberTooLongToExpandIsReadAsTextAndRefused(String raw, String source) {
    SourceCell cell = number(raw);
    assertThat(cell.isNumber()).isFalse();
    assertThatThrownBy(() -> dates.date(cell))
        .isInstanceOf(CellRefused.class)
        .hasMessage("not a date");
  }

  // --- 행사기간: a range ---------------------------------------------------------------------------

  @ParameterizedTest(name = "\"{0}\" is {1}..{2} ({3})")
  @CsvSource(
      delimiter = '|',
      value = {
        "2026-12-01~12-07        | 2026-12-01 | 2026-12-07 | ImportApiTest.messySheet",
        "12.1~12.3               | 2026-12-01 | 2026-12-03 | ImportApiTest.messySheet",
        "46357                   | 2026-12-01 | 2026-12-01 | SheetParserTest (xls): a serial",
        "2026-12-01 - 2026-12-07 | 2026-12-01 | 2026-12-07 | range: a hyphen with spaces",
        "12/1〜12/7               | 2026-12-01 | 2026-12-07 | range: the wave dash 〜",
        "12/1∼12/7               | 2026-12-01 | 2026-12-07 | range: the tilde operator ∼",
        "12/1 부터 12/7             | 2026-12-01 | 2026-12-07 | range: 부터 alone",
        "12/1(MON)~12/7(Sun)     | 2026-12-01 | 2026-12-07 | WEEKDAY: English, any case",
        "12/1 ( 월 )~12/7         | 2026-12-01 | 2026-12-07 | WEEKDAY: spaces in the brackets",
        "2026/12/01              | 2026-12-01 | 2026-12-01 | range: one date is a range of one day",
        "12월 1일~12월 7일            | 2026-12-01 | 2026-12-07 | DATE: 월 and 일 without 년",
      })
  void readsPeriodCells(String text, LocalDate start, LocalDate end, String source)
      throws CellRefused {
    assertThat(dates.period(text(text))).containsExactly(start, end);
  }

  @ParameterizedTest(name = "\"{0}\" is refused ({1})")
  @CsvSource(
      delimiter = '|',
      value = {
        "언젠가                   | SheetParserTest.refusesWhatIsNotADateRange",
        "2026-12-01-2026-12-07 | range: a hyphen without spaces does not separate two dates",
        "~12/7                 | range: the start is required",
        "12/1~12/32            | DATE: an end the month does not have",
      })
  void refusesPeriodCellsThatAreNotARange(String text, String source) {
    assertThatThrownBy(() -> dates.period(text(text)))
        .isInstanceOf(CellRefused.class)
        .hasMessage("not a date range such as 2026-12-01~12-07");
  }
}
