package dev.dongchimi.importer;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sale dates as marts write them: Excel serials (a number cell, or five digits as text), text dates
 * ("2026-12-01", "2026.12.01.", "2026년 12월 1일", "12/1(월)", "20261201") and ranges of two
 * ("2026-12-01~12-07", "12/1(월)~12/7(일)", "12월 1일부터 12월 7일까지"). A date without a year is in the
 * year of {@code today}; the end of a range without a year is the first such date on or after the
 * start ("12/30~1/3" ends in the next year).
 */
final class DateCells {
  private static final LocalDate EXCEL_EPOCH = LocalDate.of(1899, 12, 30);

  // A trailing dot is allowed: "2026.12.01." is how many Korean documents write a date.
  private static final Pattern DATE =
      Pattern.compile(
          "(?:(\\d{4}|\\d{2})\\s*[-./년]\\s*)?(\\d{1,2})\\s*[-./월]\\s*(\\d{1,2})\\s*[일.]?");

  /** "20261201", as POS programs export dates. */
  private static final Pattern COMPACT_DATE = Pattern.compile("(\\d{4})(\\d{2})(\\d{2})");

  /** A day of the week in brackets after a date: "12/1(월)", "12.7 (일요일)", "12/1(Mon)". */
  private static final Pattern WEEKDAY =
      Pattern.compile(
          "\\s*\\(\\s*(?:[월화수목금토일](?:요일)?|mon|tue|wed|thu|fri|sat|sun)\\s*\\)",
          Pattern.CASE_INSENSITIVE);

  /** One date inside free text: "12/1", "2026.12.01.", "12월 1일", "2026-12-01". */
  private static final String DATE_IN_TEXT =
      "(?:\\d{4}\\s*[-./년]\\s*)?\\d{1,2}\\s*[-./월]\\s*\\d{1,2}\\s*[일.]?";

  /**
   * A period inside a title row: "12/1(월)~12/7(일) 주간 행사", "행사기간 : 2026.12.01 ~ 2026.12.07", "12월 1일
   * ~ 12월 7일 알뜰장터", "2026-12-01 - 2026-12-07".
   */
  private static final Pattern PERIOD_IN_TEXT =
      Pattern.compile(
          "(?<![\\d.])("
              + DATE_IN_TEXT
              + ")\\s*(?:[~〜∼]|\\s-\\s|부터)\\s*("
              + DATE_IN_TEXT
              + ")(?:\\s*까지)?(?![\\d])");

  private final LocalDate today;

  DateCells(LocalDate today) {
    this.today = today;
  }

  /** A 행사기간 cell: [start, end]. */
  LocalDate[] period(SourceCell cell) throws CellRefused {
    LocalDate[] range = range(cell.text());
    if (range == null) {
      throw new CellRefused("not a date range such as 2026-12-01~12-07");
    }
    return range;
  }

  /** A 시작일 or 종료일 cell: an Excel serial, or text that {@link #range} reads as one day. */
  LocalDate date(SourceCell cell) throws CellRefused {
    LocalDate d = null;
    if (cell.isNumber()) {
      d = serial(cell.number().toPlainString());
    }
    if (d == null) { // text, or a number such as 20261201 that is not a serial
      LocalDate[] range = range(cell.text());
      if (range != null && range[0].equals(range[1])) {
        d = range[0];
      }
    }
    if (d == null) {
      throw new CellRefused("not a date");
    }
    return d;
  }

  /**
   * "2026-12-01~12-07", "12.1 ~ 12.7", "2026/12/01", "12/1(월)~12/7(일)", "2026년 12월 1일",
   * "2026.12.01.~2026.12.07.", "20261201~20261207", an Excel serial as text: [start, end]; null
   * when the text is none of these.
   */
  LocalDate[] range(String text) {
    text = WEEKDAY.matcher(text).replaceAll("");
    String[] parts = text.split("\\s*[~〜∼]\\s*|\\s+-\\s+|\\s*부터\\s*");
    if (parts.length > 2) {
      return null;
    }
    LocalDate start = parseDate(parts[0].strip(), null);
    if (start == null) {
      return null;
    }
    LocalDate end =
        parts.length == 2 ? parseDate(parts[1].replace("까지", "").strip(), start) : start;
    return end == null ? null : new LocalDate[] {start, end};
  }

  /**
   * The first sale period written inside a line of text such as a sheet's title row, or null. The
   * day of the week may follow each date in brackets.
   */
  LocalDate[] periodInText(String text) {
    Matcher m = PERIOD_IN_TEXT.matcher(WEEKDAY.matcher(text).replaceAll(""));
    while (m.find()) {
      LocalDate[] range = range(m.group(1).strip() + "~" + m.group(2).strip());
      if (range != null && !range[1].isBefore(range[0])) {
        return range;
      }
    }
    return null;
  }

  /**
   * Days since Excel's epoch, the time of day dropped; null outside 1..100,000
   * (1899-12-31..2173-10-14).
   */
  private static LocalDate serial(String raw) {
    try {
      double days = Double.parseDouble(raw);
      if (days < 1 || days > 100_000) {
        return null;
      }
      return EXCEL_EPOCH.plusDays((long) Math.floor(days));
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private LocalDate parseDate(String text, LocalDate after) {
    if (text.matches("\\d{5}(\\.\\d+)?")) {
      return serial(text);
    }
    Matcher compact = COMPACT_DATE.matcher(text);
    if (compact.matches()) {
      try {
        return LocalDate.of(
            Integer.parseInt(compact.group(1)),
            Integer.parseInt(compact.group(2)),
            Integer.parseInt(compact.group(3)));
      } catch (DateTimeException e) {
        return null;
      }
    }
    Matcher m = DATE.matcher(text);
    if (!m.matches()) {
      return null;
    }
    try {
      int month = Integer.parseInt(m.group(2));
      int day = Integer.parseInt(m.group(3));
      int year;
      if (m.group(1) != null) {
        year = Integer.parseInt(m.group(1));
        year = year < 100 ? 2000 + year : year;
      } else if (after != null) {
        year = after.getYear();
        if (LocalDate.of(year, month, day).isBefore(after)) {
          year++;
        }
      } else {
        year = today.getYear();
      }
      return LocalDate.of(year, month, day);
    } catch (DateTimeException e) {
      return null;
    }
  }
}
