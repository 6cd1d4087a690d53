package dev.dongchimi.importer;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.LocalDate;

/**
 * The sale period a row with a sale price and no dates of its own takes, and where it came from:
 * the upload's form fields, the sheet's title rows ("12/1(월)~12/7(일) 주간 행사"), or the mart's default
 * (today and the days after it, {@code dongchimi.import.default-sale-days}).
 */
public record SalePeriod(LocalDate start, LocalDate end, Source source) {

  /** Where an assumed period came from, most specific first. */
  public enum Source {
    UPLOAD,
    SHEET_TITLE,
    MART_DEFAULT
  }

  public SalePeriod {
    if (end.isBefore(start)) {
      throw new IllegalArgumentException("the sale period ends before it starts");
    }
  }

  /** Today and the {@code days − 1} days after it. */
  static SalePeriod martDefault(LocalDate today, int days) {
    return new SalePeriod(today, today.plusDays(days - 1L), Source.MART_DEFAULT);
  }

  /** What the import summary shows: the period assumed, its source, and how many rows took it. */
  public record Assumed(
      LocalDate start, LocalDate end, Source source, @JsonProperty("assumed_rows") int rows) {}
}
