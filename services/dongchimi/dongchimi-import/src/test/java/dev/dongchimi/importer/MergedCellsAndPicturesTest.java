package dev.dongchimi.importer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Base64;
import org.apache.poi.ss.usermodel.ClientAnchor;
import org.apache.poi.ss.usermodel.Drawing;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.ss.util.CellRangeAddress;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Flyer sheets as Excel writes them, generated with POI's XSSF: a category and a 행사기간 merged down
 * over the products they apply to, and product photos pasted into the rows.
 */
class MergedCellsAndPicturesTest {
  private static final LocalDate TODAY = LocalDate.of(2026, 11, 30);

  /** A 64×64 PNG: large enough to be kept as a product photo. */
  static final byte[] PNG = png(64, 64);

  /** A 1×1 PNG: a pasted speck no product photo is made of. */
  static final byte[] SPECK =
      Base64.getDecoder()
          .decode(
              "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==");

  static byte[] png(int width, int height) {
    java.awt.image.BufferedImage image =
        new java.awt.image.BufferedImage(width, height, java.awt.image.BufferedImage.TYPE_INT_RGB);
    java.awt.Graphics2D g = image.createGraphics();
    g.setColor(java.awt.Color.GREEN);
    g.fillRect(0, 0, width, height);
    g.dispose();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      javax.imageio.ImageIO.write(image, "png", out);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  @TempDir Path dir;

  /**
   * Row 1 title; row 2 header 분류 | 상품명 | 정가 | 할인가 | 행사기간 | 사진; rows 3–5 유제품 (merged A3:A5) with
   * 행사기간 merged E3:E5; rows 6–7 라면 with their own period; photos in rows 3 and 6.
   */
  static byte[] flyer() throws IOException {
    return flyer(PNG);
  }

  /** {@link #flyer()} with {@code picture} pasted in rows 3 and 6. */
  static byte[] flyer(byte[] picture) throws IOException {
    try (XSSFWorkbook wb = new XSSFWorkbook()) {
      Sheet sheet = wb.createSheet("12월 1주");
      sheet.createRow(0).createCell(0).setCellValue("행복마트 전단");
      sheet.addMergedRegion(new CellRangeAddress(0, 0, 0, 5)); // a title across: left alone
      String[] header = {"분류", "상품명", "정가", "할인가", "행사기간", "사진"};
      Row h = sheet.createRow(1);
      for (int c = 0; c < header.length; c++) {
        h.createCell(c).setCellValue(header[c]);
      }
      Object[][] rows = {
        {"유제품", "서울우유 1L", 3280, 2580, "12/1(화)~12/7(월)"},
        {null, "매일우유 저지방 900ml", 2980, 2480, null},
        {null, "빙그레 바나나맛우유 240ml", 1700, 1300, null},
        {"라면", "농심 신라면 120g*5", 4980, 3980, "12/3~12/4"},
        {null, "오뚜기 진라면(매운맛) 120g*5", 4580, null, null},
      };
      for (int r = 0; r < rows.length; r++) {
        Row row = sheet.createRow(r + 2);
        for (int c = 0; c < rows[r].length; c++) {
          switch (rows[r][c]) {
            case null -> {}
            case Integer n -> row.createCell(c).setCellValue(n);
            default -> row.createCell(c).setCellValue(rows[r][c].toString());
          }
        }
      }
      sheet.addMergedRegion(new CellRangeAddress(2, 4, 0, 0)); // 유제품 over rows 3–5
      sheet.addMergedRegion(new CellRangeAddress(2, 4, 4, 4)); // one 행사기간 for the three
      sheet.addMergedRegion(new CellRangeAddress(5, 6, 0, 0)); // 라면 over rows 6–7
      int png = wb.addPicture(picture, org.apache.poi.ss.usermodel.Workbook.PICTURE_TYPE_PNG);
      Drawing<?> drawing = sheet.createDrawingPatriarch();
      for (int rowIndex : new int[] {2, 5}) {
        ClientAnchor anchor = wb.getCreationHelper().createClientAnchor();
        anchor.setCol1(5);
        anchor.setRow1(rowIndex);
        anchor.setCol2(6);
        anchor.setRow2(rowIndex + 1);
        drawing.createPicture(anchor, png);
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      wb.write(out);
      return out.toByteArray();
    }
  }

  @Test
  void aPeriodMergedDownOverRowsIsEveryRowsPeriod() throws IOException {
    SheetParser.Parsed parsed =
        new SheetParser(100, TODAY, null, SalePeriod.martDefault(TODAY, 7)).parse(write(flyer()));

    assertThat(parsed.errors()).isEmpty();
    assertThat(parsed.rows())
        .extracting(r -> r.input().name(), r -> r.input().saleStart(), r -> r.input().saleEnd())
        .containsExactly(
            tuple("서울우유 1L", LocalDate.of(2026, 12, 1), LocalDate.of(2026, 12, 7)),
            tuple("매일우유 저지방 900ml", LocalDate.of(2026, 12, 1), LocalDate.of(2026, 12, 7)),
            tuple("빙그레 바나나맛우유 240ml", LocalDate.of(2026, 12, 1), LocalDate.of(2026, 12, 7)),
            tuple("농심 신라면 120g×5", LocalDate.of(2026, 12, 3), LocalDate.of(2026, 12, 4)),
            tuple("오뚜기 진라면 매운맛 120g×5", null, null));
    assertThat(parsed.assumedPeriod()).as("every sale row had its period").isNull();
  }

  @Test
  void readsTheMergeListAndThePicturesAnchoredInRows() throws IOException {
    Path file = write(flyer());
    String sheetId;
    try (var workbook = new org.dhatim.fastexcel.reader.ReadableWorkbook(file.toFile())) {
      sheetId = workbook.getFirstSheet().getId();
    }
    XlsxSheetParts.Parts parts = XlsxSheetParts.read(file, sheetId);

    assertThat(parts.merges())
        .containsExactlyInAnyOrder(
            new XlsxSheetParts.Merge(1, 1, 0, 5),
            new XlsxSheetParts.Merge(3, 5, 0, 0),
            new XlsxSheetParts.Merge(3, 5, 4, 4),
            new XlsxSheetParts.Merge(6, 7, 0, 0));
    assertThat(parts.pictures())
        .extracting(XlsxSheetParts.Picture::row, XlsxSheetParts.Picture::contentType)
        .containsExactly(tuple(3, "image/png"), tuple(6, "image/png"));
    assertThat(XlsxSheetParts.bytes(file, parts.pictures().getFirst())).isEqualTo(PNG);

    SheetParser.Parsed parsed = new SheetParser(100, TODAY).parse(file);
    assertThat(parsed.pictures())
        .extracting(SheetParser.RowPicture::row, SheetParser.RowPicture::productKey)
        .containsExactly(tuple(3, "name:서울우유1l"), tuple(6, "name:농심신라면120g5"));
  }

  @Test
  void refsWithDollarsAndSingleCellsRead() {
    assertThat(XlsxSheetParts.merge("$A$3:$A$6")).isEqualTo(new XlsxSheetParts.Merge(3, 6, 0, 0));
    assertThat(XlsxSheetParts.merge("AB12")).isEqualTo(new XlsxSheetParts.Merge(12, 12, 27, 27));
    assertThat(XlsxSheetParts.merge("12:A")).isNull();
  }

  private Path write(byte[] bytes) throws IOException {
    Path file = Files.createTempFile(dir, "flyer", ".xlsx");
    Files.write(file, bytes);
    return file;
  }
}
