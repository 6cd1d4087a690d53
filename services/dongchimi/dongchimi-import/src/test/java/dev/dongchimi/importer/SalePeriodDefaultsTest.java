package dev.dongchimi.importer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A sheet of name, price and sale price without dates (the most common flyer sheet): its rows take
 * the upload's period, else the one in the sheet's title rows, else the mart's default; a row with
 * its own dates keeps them.
 */
class SalePeriodDefaultsTest {
  private static final LocalDate TODAY = LocalDate.of(2026, 11, 30);
  private static final SalePeriod MART_DEFAULT = SalePeriod.martDefault(TODAY, 7);
  private final DateCells dates = new DateCells(TODAY);

  @TempDir Path dir;

  @ParameterizedTest(name = "\"{0}\" → {1}..{2}")
  @CsvSource(
      delimiter = '|',
      value = {
        "12/1(월)~12/7(일) 주간 행사 | 2026-12-01 | 2026-12-07",
        "행사기간 : 2026.12.01 ~ 2026.12.07 | 2026-12-01 | 2026-12-07",
        "★ 12월 1일 ~ 12월 7일 알뜰장터 ★ | 2026-12-01 | 2026-12-07",
        "행복마트 주말특가 (12.5 ~ 12.6) | 2026-12-05 | 2026-12-06",
        "2026-12-01 - 2026-12-07 전단 | 2026-12-01 | 2026-12-07",
        "연말 행사 12/28(월)~1/3(일) | 2026-12-28 | 2027-01-03",
        "기간 12월 1일(화)부터 12월 7일(월)까지 | 2026-12-01 | 2026-12-07",
      })
  void findsThePeriodInATitleLine(String title, LocalDate start, LocalDate end) {
    assertThat(dates.periodInText(title)).containsExactly(start, end);
  }

  @ParameterizedTest
  @CsvSource({"행복마트 12월 1주 전단 상품", "작성일 2026-11-28", "문의 02-123-4567", "1+1 행사"})
  void aTitleWithoutAPeriodHasNone(String title) {
    assertThat(dates.periodInText(title)).isNull();
  }

  @Test
  void rowsWithoutDatesTakeTheTitlesPeriodAndRowsWithDatesKeepTheirs() throws IOException {
    List<Object[]> rows = new ArrayList<>();
    rows.add(new Object[] {"행복마트 12/1(월)~12/7(일) 주간 행사"});
    rows.add(new Object[] {"상품명", "정가", "할인가", "행사기간"});
    rows.add(new Object[] {"서울우유 1L", 3280, 2580});
    rows.add(new Object[] {"신라면 120g*5", 4980, 3980, "12/3~12/4"});
    rows.add(new Object[] {"풀무원 두부 300g", 2500});

    SheetParser.Parsed parsed = parse(rows, null);

    assertThat(parsed.errors()).isEmpty();
    assertThat(parsed.rows())
        .extracting(r -> r.input().name(), r -> r.input().saleStart(), r -> r.input().saleEnd())
        .containsExactly(
            tuple("서울우유 1L", LocalDate.of(2026, 12, 1), LocalDate.of(2026, 12, 7)),
            tuple("신라면 120g×5", LocalDate.of(2026, 12, 3), LocalDate.of(2026, 12, 4)),
            tuple("풀무원 두부 300g", null, null));
    assertThat(parsed.assumedPeriod())
        .isEqualTo(
            new SalePeriod.Assumed(
                LocalDate.of(2026, 12, 1),
                LocalDate.of(2026, 12, 7),
                SalePeriod.Source.SHEET_TITLE,
                1));
  }

  @Test
  void withoutATitleTheMartDefaultIsAssumedAndTheUploadsPeriodBeatsBoth() throws IOException {
    List<Object[]> rows = new ArrayList<>();
    rows.add(new Object[] {"12/1(월)~12/7(일) 주간 행사"});
    rows.add(new Object[] {"상품명", "판매가", "행사가"});
    rows.add(new Object[] {"서울우유 1L", 3280, 2580});
    rows.add(new Object[] {"참이슬 후레쉬 360ml", 1690, 1490});

    List<Object[]> untitled = rows.subList(1, rows.size());
    assertThat(parse(untitled, null).assumedPeriod())
        .isEqualTo(
            new SalePeriod.Assumed(TODAY, TODAY.plusDays(6), SalePeriod.Source.MART_DEFAULT, 2));

    SalePeriod uploaded =
        new SalePeriod(
            LocalDate.of(2026, 12, 10), LocalDate.of(2026, 12, 12), SalePeriod.Source.UPLOAD);
    SheetParser.Parsed parsed = parse(rows, uploaded);
    assertThat(parsed.assumedPeriod().source()).isEqualTo(SalePeriod.Source.UPLOAD);
    assertThat(parsed.rows())
        .allSatisfy(r -> assertThat(r.input().saleEnd()).isEqualTo(LocalDate.of(2026, 12, 12)));
  }

  @Test
  void halfAPeriodIsStillAnErrorAndWithoutADefaultNoDatesIsOne() throws IOException {
    List<Object[]> rows = new ArrayList<>();
    rows.add(new Object[] {"상품명", "정가", "할인가", "시작일", "종료일"});
    rows.add(new Object[] {"서울우유 1L", 3280, 2580, "2026-12-01"});
    rows.add(new Object[] {"참이슬 후레쉬 360ml", 1690, 1490});

    assertThat(parse(rows, null).errors()).extracting(RowError::row).containsExactly(2);
    Path file = write(rows);
    assertThat(new SheetParser(100, TODAY).parse(file).errors())
        .extracting(RowError::row)
        .containsExactly(2, 3);
  }

  private SheetParser.Parsed parse(List<Object[]> rows, SalePeriod uploaded) throws IOException {
    return new SheetParser(100, TODAY, uploaded, MART_DEFAULT).parse(write(rows));
  }

  private Path write(List<Object[]> rows) throws IOException {
    Path file = Files.createTempFile(dir, "sheet", ".xlsx");
    Files.write(file, Sheets.xlsx(rows));
    return file;
  }
}
