package dev.dongchimi.importer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The parser on real files generated here: headers, sheets, dates. */
class SheetParserTest {
  private static final LocalDate TODAY = LocalDate.of(2026, 11, 30);
  private final SheetParser parser = new SheetParser(100, TODAY);
  private final DateCells dates = new DateCells(TODAY);

  @TempDir Path dir;

  // --- headers ------------------------------------------------------------------------------

  @Test
  void everyAliasIsWrittenNormalisedAndNamesExactlyOneColumn() {
    Map<String, SheetHeader.Column> owner = new HashMap<>();
    for (SheetHeader.Column c : SheetHeader.Column.values()) {
      assertThat(c.aliases).as(c + " lists its label").contains(c.label);
      for (String alias : c.aliases) {
        assertThat(SheetHeader.Column.normalise(alias)).as(alias).isEqualTo(alias);
        SheetHeader.Column before = owner.put(alias, c);
        assertThat(before).as(alias + " is an alias of " + before + " and " + c).isIn(null, c);
        assertThat(SheetHeader.Column.of(alias)).as(alias).isEqualTo(c);
      }
    }
  }

  @ParameterizedTest
  @CsvSource({
    "판매 가격, REGULAR_PRICE",
    "정상가격, REGULAR_PRICE",
    "정상판매가, REGULAR_PRICE",
    "소비자가, REGULAR_PRICE",
    "가격(원), REGULAR_PRICE",
    "할인가격, SALE_PRICE",
    "행사가격, SALE_PRICE",
    "세일가, SALE_PRICE",
    "특가가격, SALE_PRICE",
    "상품이름, NAME",
    "품명 및 규격, NAME",
    "바코드번호, BARCODE",
    "상품바코드, BARCODE",
    "시작일자, SALE_START",
    "종료일자, SALE_END",
    "행사 시작일자, SALE_START",
    "행사종료일자, SALE_END",
    "이미지 주소, IMAGE",
  })
  void martHeadersNameTheirColumn(String header, SheetHeader.Column column) {
    assertThat(SheetHeader.Column.of(header)).isEqualTo(column);
  }

  @Test
  void aSheetWithNewHeaderNamesParses() throws IOException {
    List<Object[]> rows = new ArrayList<>();
    rows.add(new Object[] {"상품이름", "정상가격", "행사가격", "행사시작일자", "행사종료일자", "상품바코드", "이미지주소"});
    rows.add(
        new Object[] {
          "서울우유 1L", 3280, 2580, "2026.12.01.", "2026.12.07.", "8801115114154", "https://x/y.jpg"
        });
    SheetParser.Parsed parsed = parse(Sheets.xlsx(rows));
    assertThat(parsed.errors()).isEmpty();
    var milk = parsed.rows().getFirst().input();
    assertThat(milk.regularPrice()).isEqualTo(3280);
    assertThat(milk.salePrice()).isEqualTo(2580);
    assertThat(milk.saleStart()).isEqualTo(LocalDate.of(2026, 12, 1));
    assertThat(milk.saleEnd()).isEqualTo(LocalDate.of(2026, 12, 7));
    assertThat(milk.barcode()).isEqualTo("8801115114154");
    assertThat(milk.imageUrl()).isEqualTo("https://x/y.jpg");
  }

  // --- sheets -------------------------------------------------------------------------------

  @Test
  void skipsACoverSheetAndAHiddenSheetToTheFirstSheetWithAHeader() throws IOException {
    List<Object[]> cover = new ArrayList<>();
    cover.add(new Object[] {"행복마트 12월 전단"});
    cover.add(new Object[] {"담당", "김사장"});
    List<Object[]> hiddenProducts = new ArrayList<>();
    hiddenProducts.add(new Object[] {"상품명", "정가"});
    hiddenProducts.add(new Object[] {"지난주 상품", 1000});
    List<Object[]> products = new ArrayList<>();
    products.add(new Object[] {"품명", "판매가"});
    products.add(new Object[] {"신라면 120g*5", "4,980원"});
    List<Object[]> after = new ArrayList<>();
    after.add(new Object[] {"상품명", "정가"});
    after.add(new Object[] {"다음 시트 상품", 500});

    SheetParser.Parsed parsed =
        parse(
            Sheets.xlsx(
                new Sheets.Sheet("표지", false, cover),
                new Sheets.Sheet("코드", true, hiddenProducts),
                new Sheets.Sheet("상품", false, products),
                new Sheets.Sheet("기타", false, after)));

    assertThat(parsed.errors()).isEmpty();
    assertThat(parsed.rows()).extracting(r -> r.input().rawName()).containsExactly("신라면 120g*5");
  }

  @Test
  void noHeaderInAnySheetNamesTheSheetsSearched() {
    List<Object[]> none = List.<Object[]>of(new Object[] {"이름", "값"}, new Object[] {"사과", 1});
    byte[] file =
        Sheets.xlsx(
            new Sheets.Sheet("표지", false, none),
            new Sheets.Sheet("숨김", true, List.<Object[]>of(new Object[] {"상품명", "정가"})),
            new Sheets.Sheet("상품", false, none));
    assertThatThrownBy(() -> parse(file))
        .isInstanceOfSatisfying(
            InvalidFileException.class, e -> assertThat(e.code()).isEqualTo("INVALID_FILE"))
        .hasMessageContaining("sheets \"표지\", \"상품\"")
        .hasMessageContaining("hidden sheets skipped: \"숨김\"")
        .hasMessageContaining("상품명");
  }

  @Test
  void theHeaderIsLookedForOnlyNearTheTopOfASheet() throws IOException {
    List<Object[]> rows = new ArrayList<>();
    for (int i = 0; i < SheetParser.HEADER_SEARCH_ROWS; i++) {
      rows.add(new Object[] {"제목 " + i});
    }
    rows.add(new Object[] {"상품명", "정가"});
    rows.add(new Object[] {"사과", 1000});
    assertThatThrownBy(() -> parse(Sheets.xlsx(rows)))
        .isInstanceOf(InvalidFileException.class)
        .hasMessageContaining("sheet \"Sheet1\"");
    rows.removeFirst();
    assertThat(parse(Sheets.xlsx(rows)).rows()).hasSize(1);
  }

  // --- dates --------------------------------------------------------------------------------

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "2026-12-01~12-07 | 2026-12-01 | 2026-12-07",
        "12/1(월)~12/7(일) | 2026-12-01 | 2026-12-07",
        "12.1 (월요일) ~ 12.7 (일요일) | 2026-12-01 | 2026-12-07",
        "12/30(수)~1/3(일) | 2026-12-30 | 2027-01-03",
        "20261201~20261207 | 2026-12-01 | 2026-12-07",
        "20261201 | 2026-12-01 | 2026-12-01",
        "2026년 12월 1일 ~ 2026년 12월 7일 | 2026-12-01 | 2026-12-07",
        "2026년 12월 1일(화)부터 12월 7일까지 | 2026-12-01 | 2026-12-07",
        "2026.12.01.~2026.12.07. | 2026-12-01 | 2026-12-07",
        "2026.12.01. ~ 2027.01.03. | 2026-12-01 | 2027-01-03",
        "26.12.01~26.12.07 | 2026-12-01 | 2026-12-07",
      })
  void readsTheDateRangesMartsWrite(String text, LocalDate start, LocalDate end) {
    assertThat(dates.range(text)).containsExactly(start, end);
  }

  @ParameterizedTest
  @CsvSource({"20261301", "2026.13.01.", "12/1(월)~12/7(일)~12/9", "언젠가", "12/1(뭐)"})
  void refusesWhatIsNotADateRange(String text) {
    assertThat(dates.range(text)).isNull();
  }

  @Test
  void eightDigitDatesWorkAsNumberCellsToo() throws IOException {
    List<Object[]> rows = new ArrayList<>();
    rows.add(new Object[] {"상품명", "정가", "할인가", "시작일자", "종료일자"});
    rows.add(new Object[] {"서울우유 1L", 3280, 2580, 20261201, 20261207});
    SheetParser.Parsed parsed = parse(Sheets.xlsx(rows));
    assertThat(parsed.errors()).isEmpty();
    assertThat(parsed.rows().getFirst().input().saleEnd()).isEqualTo(LocalDate.of(2026, 12, 7));
  }

  // --- xls ----------------------------------------------------------------------------------

  @Test
  void readsAnXlsAsItReadsTheSameXlsx() throws IOException {
    SheetParser.Parsed xlsx = parse(Sheets.xlsx(ImportApiTest.messySheet()));
    SheetParser.Parsed xls = parse(Sheets.xls(ImportApiTest.messySheet()));

    assertThat(xlsx.rows()).hasSize(5);
    assertThat(xls.errors()).isEqualTo(xlsx.errors()).isEmpty();
    assertThat(xls.rows()).isEqualTo(xlsx.rows());
    assertThat(xls.dataRows()).isEqualTo(xlsx.dataRows());
    assertThat(xls.duplicates()).isEqualTo(1);
  }

  @Test
  void anXlsGivesExcelRowNumbersAndFormulaResults() throws IOException {
    List<Object[]> rows = new ArrayList<>();
    rows.add(new Object[] {"전단"});
    rows.add(new Object[] {"상품명", "정가", "할인가", "행사기간"});
    rows.add(new Object[] {"=\"서울\"&\"우유 1L\"", "=3000+280", 2580, 46357});
    rows.add(new Object[] {"가격이 글자", "문의"});
    SheetParser.Parsed parsed = parse(Sheets.xls(rows));

    var milk = parsed.rows().getFirst();
    assertThat(milk.row()).isEqualTo(3);
    assertThat(milk.input().rawName()).isEqualTo("서울우유 1L");
    assertThat(milk.input().regularPrice()).isEqualTo(3280);
    assertThat(milk.input().saleStart()).isEqualTo(LocalDate.of(2026, 12, 1));
    assertThat(parsed.errors())
        .containsExactly(new RowError(4, "정가", "문의", "not a price in whole won"));
  }

  @Test
  void anXlsSkipsCoverAndHiddenSheetsAndNamesThemWhenNoneHasAHeader() throws IOException {
    List<Object[]> none = List.<Object[]>of(new Object[] {"이름", "값"});
    List<Object[]> products =
        List.<Object[]>of(new Object[] {"품명", "판매가"}, new Object[] {"신라면", 4980});
    SheetParser.Parsed parsed =
        parse(
            Sheets.xls(
                new Sheets.Sheet("표지", false, none),
                new Sheets.Sheet("숨김", true, products),
                new Sheets.Sheet("상품", false, products)));
    assertThat(parsed.rows()).hasSize(1);

    byte[] noHeader =
        Sheets.xls(new Sheets.Sheet("표지", false, none), new Sheets.Sheet("숨김", true, products));
    assertThatThrownBy(() -> parse(noHeader))
        .hasMessageContaining("sheet \"표지\"")
        .hasMessageContaining("hidden sheets skipped: \"숨김\"");
  }

  @Test
  void anXlsWithTooManyRowsIsRefused() {
    List<Object[]> rows = new ArrayList<>();
    rows.add(new Object[] {"상품명", "정가"});
    for (int i = 0; i <= 100; i++) {
      rows.add(new Object[] {"상품 " + i, 1000 + i});
    }
    assertThatThrownBy(() -> parse(Sheets.xls(rows)))
        .isInstanceOfSatisfying(
            InvalidFileException.class, e -> assertThat(e.code()).isEqualTo("TOO_MANY_ROWS"));
  }

  @Test
  void aPasswordProtectedXlsIsRefusedAsEncrypted() {
    byte[] file = Sheets.encryptedXls(ImportApiTest.messySheet());
    assertThat(WorkbookFormat.detect(file)).isEqualTo(WorkbookFormat.XLS);
    assertThatThrownBy(() -> parse(file))
        .isInstanceOfSatisfying(
            InvalidFileException.class, e -> assertThat(e.code()).isEqualTo("ENCRYPTED_FILE"));
  }

  // --- csv ----------------------------------------------------------------------------------

  @Test
  void readsAUtf8CsvWithABomAsItReadsTheSameXlsx() throws IOException {
    SheetParser.Parsed xlsx = parse(Sheets.xlsx(ImportApiTest.messySheet()));
    byte[] csv =
        Sheets.csv(ImportApiTest.messySheet(), ',', StandardCharsets.UTF_8, Sheets.UTF8_BOM);
    assertThat(WorkbookFormat.detect(csv)).isEqualTo(WorkbookFormat.CSV);

    SheetParser.Parsed parsed = parse(csv);

    assertThat(parsed.errors()).isEmpty();
    assertThat(parsed.rows()).isEqualTo(xlsx.rows()); // row numbers too: blank lines count
    assertThat(parsed.duplicates()).isEqualTo(1);
  }

  @Test
  void readsAnMs949CsvSeparatedByTabsAsKoreanExcelSavesIt() throws IOException {
    byte[] csv = Sheets.csv(ImportApiTest.messySheet(), '\t', Sheets.MS949);
    Path file = write(csv);
    assertThat(CsvReader.charset(file)).isEqualTo(CsvReader.MS949);
    assertThat(CsvReader.separator(file, CsvReader.MS949)).isEqualTo('\t');

    SheetParser.Parsed parsed = parser.parse(file);

    assertThat(parsed.errors()).isEmpty();
    assertThat(parsed.rows())
        .extracting(r -> r.input().name())
        .containsExactly(
            "서울우유 1L", "신라면 120g×5", "국산 삼겹살 냉장 500g", "참이슬 후레쉬 360ml", "풀무원 국산콩 두부 300g");
  }

  @Test
  void readsSemicolonsUtf8WithoutABomAndUtf16UnicodeText() throws IOException {
    List<Object[]> rows = new ArrayList<>();
    rows.add(new Object[] {"행복마트; 12월 전단"});
    rows.add(new Object[] {"상품명", "판매가격", "행사가격", "행사기간", "바코드"});
    rows.add(new Object[] {"서울우유 1L", "3,280원", "2,580원", "12/1(월)~12/7(일)", "=\"0880123456789\""});
    rows.add(new Object[] {"참이슬 후레쉬 360ml", "1690", null, null, "8.80100000001E+12"});

    for (byte[] csv :
        List.of(
            Sheets.csv(rows, ';', StandardCharsets.UTF_8),
            Sheets.csv(
                rows, '\t', StandardCharsets.UTF_16LE, new byte[] {(byte) 0xFF, (byte) 0xFE}))) {
      SheetParser.Parsed parsed = parse(csv);
      assertThat(parsed.errors()).isEmpty();
      var milk = parsed.rows().getFirst();
      assertThat(milk.row()).isEqualTo(3);
      assertThat(milk.input().regularPrice()).isEqualTo(3280);
      assertThat(milk.input().salePrice()).isEqualTo(2580);
      assertThat(milk.input().saleEnd()).isEqualTo(LocalDate.of(2026, 12, 7));
      assertThat(milk.input().barcode()).isEqualTo("0880123456789");
      assertThat(parsed.rows().get(1).input().barcode()).isEqualTo("8801000000010");
    }
  }

  @Test
  void tellsUtf8FromMs949OverTheWholeFileNotJustItsStart() throws IOException {
    // 70,000 bytes of ASCII push the first Korean character past the first 64 KB chunk, and
    // "우" then straddles the chunk boundary: a valid UTF-8 file must still read as UTF-8.
    String ascii = "a".repeat(64 * 1024 - 1);
    Path utf8 = write((ascii + "우유\n").getBytes(StandardCharsets.UTF_8));
    assertThat(CsvReader.charset(utf8)).isEqualTo(StandardCharsets.UTF_8);
    Path ms949 = write((ascii + "우유\n").getBytes(Sheets.MS949));
    assertThat(CsvReader.charset(ms949)).isEqualTo(CsvReader.MS949);
  }

  @Test
  void aCsvWithTooManyRowsOrABrokenQuoteIsRefused() {
    List<Object[]> rows = new ArrayList<>();
    rows.add(new Object[] {"상품명", "정가"});
    for (int i = 0; i <= 100; i++) {
      rows.add(new Object[] {"상품 " + i, 1000 + i});
    }
    assertThatThrownBy(() -> parse(Sheets.csv(rows, ',', StandardCharsets.UTF_8)))
        .isInstanceOfSatisfying(
            InvalidFileException.class, e -> assertThat(e.code()).isEqualTo("TOO_MANY_ROWS"));
    byte[] broken = "상품명,정가\n\"서울\"우유,1000\n".getBytes(StandardCharsets.UTF_8);
    assertThatThrownBy(() -> parse(broken))
        .isInstanceOfSatisfying(
            InvalidFileException.class, e -> assertThat(e.code()).isEqualTo("INVALID_FILE"))
        .hasMessageContaining("the CSV cannot be read");
  }

  @Test
  void aCsvWithoutAHeaderSaysSo() {
    byte[] csv = "이름,값\n사과,1000\n".getBytes(StandardCharsets.UTF_8);
    assertThatThrownBy(() -> parse(csv))
        .isInstanceOfSatisfying(
            InvalidFileException.class, e -> assertThat(e.code()).isEqualTo("INVALID_FILE"))
        .hasMessageContaining("상품명");
  }

  // --- detection ----------------------------------------------------------------------------

  @Test
  void detectsTheFormatFromTheContent() throws IOException {
    assertThat(WorkbookFormat.detect(Sheets.xlsx(ImportApiTest.messySheet())))
        .isEqualTo(WorkbookFormat.XLSX);
    assertThat(WorkbookFormat.detect(Sheets.xls(ImportApiTest.messySheet())))
        .isEqualTo(WorkbookFormat.XLS);
    Path file = Files.createTempFile(dir, "upload", ".csv"); // the name does not matter
    Files.write(file, Sheets.xls(ImportApiTest.messySheet()));
    assertThat(WorkbookFormat.detect(file)).isEqualTo(WorkbookFormat.XLS);
  }

  @Test
  void refusesEncryptedAndOtherOfficeFilesAndGarbage() {
    assertRefused(Sheets.encryptedXlsx(), "ENCRYPTED_FILE", "password");
    assertRefused(Sheets.wordDocument(), "NOT_A_WORKBOOK", "not a workbook");
    assertRefused(Sheets.ole2("Book", "old"), "NOT_A_WORKBOOK", "Excel 5.0/95");
    byte[] brokenOle2 = new byte[512];
    System.arraycopy(
        new byte[] {
          (byte) 0xD0, (byte) 0xCF, 0x11, (byte) 0xE0, (byte) 0xA1, (byte) 0xB1, 0x1A, (byte) 0xE1
        },
        0,
        brokenOle2,
        0,
        8);
    assertRefused(brokenOle2, "NOT_A_WORKBOOK", "cannot be read");
    assertRefused(new byte[0], "NOT_A_WORKBOOK", "empty");
    assertRefused(new byte[] {1, 2, 0, 4, 5}, "NOT_A_WORKBOOK", ".csv");
    assertRefused("%PDF-1.7\n1 0 obj".getBytes(StandardCharsets.US_ASCII), "NOT_A_WORKBOOK", "PDF");
    assertRefused(
        "\uFEFF <html><table><tr><td>상품명</td></tr></table></html>".getBytes(StandardCharsets.UTF_8),
        "NOT_A_WORKBOOK",
        "web page");
  }

  private static void assertRefused(byte[] bytes, String code, String message) {
    assertThatThrownBy(() -> WorkbookFormat.detect(bytes))
        .isInstanceOfSatisfying(
            InvalidFileException.class, e -> assertThat(e.code()).isEqualTo(code))
        .hasMessageContaining(message);
  }

  @Test
  void aHugeNumberInOneCellIsAnErrorNotMinutesOfWork() throws IOException {
    List<Object[]> rows = new ArrayList<>();
    rows.add(new Object[] {"상품명", "정가", "바코드", "시작일"});
    rows.add(new Object[] {"서울우유 1L", 3280, 777777, null});
    rows.add(new Object[] {"신라면 5입", 4980, "1E30000000", null});
    rows.add(new Object[] {"두부 300g", 2500, null, 888888});
    // Number cells as a hostile file stores them: 1E30000000 is a valid xlsx number.
    byte[] xlsx =
        replaceInSheet(
            Sheets.xlsx(rows),
            "<v>777777</v>",
            "<v>1E30000000</v>",
            "<v>888888</v>",
            "<v>1E-30000000</v>");
    long started = System.nanoTime();
    SheetParser.Parsed parsed = parse(xlsx);
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
    assertThat(parsed.errors())
        .extracting(RowError::row, RowError::column)
        .containsExactly(tuple(2, "바코드"), tuple(3, "바코드"), tuple(4, "시작일"));
  }

  @Test
  void aCsvLineOfMillionsOfFieldsIsRefusedNotHeldInMemory() {
    byte[] csv = ("상품명,정가\n우유," + "1,".repeat(2_000_000) + "\n").getBytes(StandardCharsets.UTF_8);
    assertThatThrownBy(() -> parse(csv))
        .isInstanceOfSatisfying(
            InvalidFileException.class, e -> assertThat(e.code()).isEqualTo("INVALID_FILE"))
        .hasMessageContaining("longer than");
  }

  @Test
  void aCsvMayStartWithATitleInAngleBracketsAndColumnsFarRightAreIgnored() throws IOException {
    String wide = ",x".repeat(SourceCell.MAX_COLUMNS + 10);
    byte[] csv =
        ("<12월 1주 행사>\n상품명,정가" + wide + "\n서울우유 1L,3280" + wide + "\n")
            .getBytes(StandardCharsets.UTF_8);
    SheetParser.Parsed parsed = parse(csv);
    assertThat(parsed.errors()).isEmpty();
    assertThat(parsed.rows()).extracting(r -> r.input().regularPrice()).containsExactly(3280);
  }

  @Test
  void aMalformedBarcodeInScientificNotationIsARowError() throws IOException {
    List<Object[]> rows = new ArrayList<>();
    rows.add(new Object[] {"상품명", "정가", "바코드"});
    rows.add(new Object[] {"우유", 1000, "1.2.3E5"});
    rows.add(new Object[] {"두부", 2000, "8.80123456789E12"});
    SheetParser.Parsed parsed = parse(Sheets.xlsx(rows));
    assertThat(parsed.errors()).extracting(RowError::row).containsExactly(2);
    assertThat(parsed.rows()).extracting(r -> r.input().barcode()).containsExactly("8801234567890");
  }

  @Test
  void anErrorKeepsOnlyTheStartOfALongValue() throws IOException {
    String longName = "가".repeat(50_000);
    List<Object[]> rows = new ArrayList<>();
    rows.add(new Object[] {"상품명", "정가"});
    rows.add(new Object[] {"우유", longName});
    SheetParser.Parsed parsed = parse(Sheets.xlsx(rows));
    assertThat(parsed.errors()).hasSize(1);
    assertThat(parsed.errors().getFirst().value()).hasSize(RowError.MAX_VALUE + 1).endsWith("…");
  }

  /** The xlsx with its sheet's XML edited: pairs of (what, by what). */
  private byte[] replaceInSheet(byte[] xlsx, String... pairs) throws IOException {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    // ZipFile, not ZipInputStream: the writer's local headers leave sizes to the central directory.
    try (var in = new java.util.zip.ZipFile(write(xlsx).toFile());
        var zip = new java.util.zip.ZipOutputStream(out)) {
      for (var entry : java.util.Collections.list(in.entries())) {
        byte[] content = in.getInputStream(entry).readAllBytes();
        if (entry.getName().startsWith("xl/worksheets/")) {
          String xml = new String(content, StandardCharsets.UTF_8);
          for (int i = 0; i < pairs.length; i += 2) {
            assertThat(xml).contains(pairs[i]);
            xml = xml.replace(pairs[i], pairs[i + 1]);
          }
          content = xml.getBytes(StandardCharsets.UTF_8);
        }
        zip.putNextEntry(new java.util.zip.ZipEntry(entry.getName()));
        zip.write(content);
        zip.closeEntry();
      }
    }
    return out.toByteArray();
  }

  private SheetParser.Parsed parse(byte[] bytes) throws IOException {
    return parser.parse(write(bytes));
  }

  private Path write(byte[] bytes) throws IOException {
    Path file = Files.createTempFile(dir, "sheet", ".bin");
    Files.write(file, bytes);
    return file;
  }
}
