package dev.dongchimi.importer;

import static dev.dongchimi.importer.Cells.cell;
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

  @ParameterizedTest(name = "시작일/종료일 {0} \"{1}\" is {2} ({3})")
  @CsvSource(
      delimiter = '|',
      value = {
        "number | 46357       | 2026-12-01 | ImportApiTest.reportsEveryInvalidRow: an Excel serial",
        "number | 46363       | 2026-12-07 | ImportApiTest.reportsEveryInvalidRow: an Excel serial",
        "number | 46357.75    | 2026-12-01 | serial: a date and time, the time dropped",
        "number | 20261201    | 2026-12-01 | SheetParserTest.eightDigitDates…: not a serial",
        "number | 1           | 1899-12-31 | serial: the first day it reads",
        "number | 100000      | 2173-10-14 | serial: the last day it reads",
        "text   | 2026.12.01. | 2026-12-01 | SheetParserTest.aSheetWithNewHeaderNamesParses",
        "text   | 2026-12-07  | 2026-12-07 | ImportApiTest.reportsEveryInvalidRow",
        "text   | 46357       | 2026-12-01 | parseDate: five digits as text are a serial",
        "text   | 12/1(화)     | 2026-12-01 | DATE without a year: the year of today",
        "text   | 1/3         | 2026-01-03 | DATE without a year: today's, even for a day past",
        "text   | 12/1~12/1   | 2026-12-01 | date: a range of one day is that day",
      })
  void readsOneDate(String kind, String raw, LocalDate date, String source) throws CellRefused {
    assertThat(dates.date(cell(kind, raw))).isEqualTo(date);
  }

  @ParameterizedTest(name = "시작일/종료일 {0} \"{1}\" is refused ({2})")
  @CsvSource(
      delimiter = '|',
      value = {
        "text   | 언젠가              | ImportApiTest.reportsEveryInvalidRow",
        "text   | 2026-12-01~12-07 | date: a range of two days is not one date",
        "text   | 2026-02-30       | DATE: a day the month does not have",
        "number | 0.5              | serial: below 1, a time of day without a date",
        "number | -1               | serial: negative",
        "number | 100001           | serial: above 100,000, and six digits are no date as text",
        "number | 1E-30000000      | SheetParserTest.aHugeNumberInOneCell: SourceCell makes it text",
      })
  void refusesWhatIsNotOneDate(String kind, String raw, String source) {
    assertThatThrownBy(() -> dates.date(cell(kind, raw)))
        .isInstanceOf(CellRefused.class)
        .hasMessage("not a date");
  }

  @ParameterizedTest(name = "행사기간 {0} \"{1}\" is {2}..{3} ({4})")
  @CsvSource(
      delimiter = '|',
      value = {
        "text   | 2026-12-01~12-07        | 2026-12-01 | 2026-12-07 | ImportApiTest.messySheet",
        "text   | 12.1~12.3               | 2026-12-01 | 2026-12-03 | ImportApiTest.messySheet",
        "number | 46357                   | 2026-12-01 | 2026-12-01 | SheetParserTest (xls)",
        "text   | 2026-12-01 - 2026-12-07 | 2026-12-01 | 2026-12-07 | range: a spaced hyphen",
        "text   | 12/1〜12/7               | 2026-12-01 | 2026-12-07 | range: the wave dash 〜",
        "text   | 12/1∼12/7               | 2026-12-01 | 2026-12-07 | range: the tilde operator ∼",
        "text   | 12/1 부터 12/7             | 2026-12-01 | 2026-12-07 | range: 부터 alone",
        "text   | 12/1(MON)~12/7(Sun)     | 2026-12-01 | 2026-12-07 | WEEKDAY: English, any case",
        "text   | 12/1 ( 월 )~12/7         | 2026-12-01 | 2026-12-07 | WEEKDAY: spaces inside",
        "text   | 2026/12/01              | 2026-12-01 | 2026-12-01 | range: one date, one day",
        "text   | 12월 1일~12월 7일            | 2026-12-01 | 2026-12-07 | DATE: 월 and 일 without 년",
      })
  void readsAPeriod(String kind, String raw, LocalDate start, LocalDate end, String source)
      throws CellRefused {
    assertThat(dates.period(cell(kind, raw))).containsExactly(start, end);
  }

  @ParameterizedTest(name = "행사기간 \"{0}\" is refused ({1})")
  @CsvSource(
      delimiter = '|',
      value = {
        "언젠가                   | SheetParserTest.refusesWhatIsNotADateRange",
        "2026-12-01-2026-12-07 | range: a hyphen without spaces does not part two dates",
        "~12/7                 | range: the start is required",
        "12/1~12/32            | DATE: an end the month does not have",
      })
  void refusesWhatIsNotAPeriod(String raw, String source) {
    assertThatThrownBy(() -> dates.period(cell("text", raw)))
        .isInstanceOf(CellRefused.class)
        .hasMessage("not a date range such as 2026-12-01~12-07");
  }
}
