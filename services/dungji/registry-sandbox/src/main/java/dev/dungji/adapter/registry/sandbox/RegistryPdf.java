package dev.dungji.adapter.registry.sandbox;

import dev.dungji.issuer.IssueRequest;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.apache.pdfbox.pdmodel.graphics.image.LosslessFactory;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.apache.pdfbox.pdmodel.graphics.state.PDExtendedGraphicsState;
import org.apache.pdfbox.rendering.ImageType;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.apache.pdfbox.util.Matrix;

/**
 * A registry certificate (등기사항전부증명서 — 집합건물) as the court's site prints it: 표제부, 갑구 (ownership) and
 * 을구 (other rights), with a "열람용" watermark. Entries are plausible and depend only on the address,
 * so one property always gets the same history.
 */
final class RegistryPdf {
  static final String WATERMARK = "열람용";
  private static final float MARGIN = 50;
  private static final float LEADING = 16;

  private static final String BUNDLED_FONT = "fonts/NanumGothic.ttf";

  private final Path font;

  /** {@code font} null or unreadable: the NanumGothic bundled with this adapter (SIL OFL 1.1). */
  RegistryPdf(Path font) {
    this.font = font != null && Files.isReadable(font) ? font : null;
  }

  private PDType0Font loadFont(PDDocument document) throws IOException {
    if (font != null) {
      return PDType0Font.load(document, font.toFile());
    }
    try (InputStream bundled = RegistryPdf.class.getResourceAsStream(BUNDLED_FONT)) {
      if (bundled == null) {
        throw new IOException("the bundled font " + BUNDLED_FONT + " is missing from the jar");
      }
      return PDType0Font.load(document, bundled);
    }
  }

  byte[] render(IssueRequest request, boolean scanned) {
    List<List<String>> pages = content(request);
    try (PDDocument document = new PDDocument()) {
      PDType0Font korean = loadFont(document);
      for (List<String> lines : pages) {
        PDPage page = new PDPage(PDRectangle.A4);
        document.addPage(page);
        try (PDPageContentStream out = new PDPageContentStream(document, page)) {
          watermark(out, korean, page);
          out.beginText();
          out.setFont(korean, 10f);
          out.setLeading(LEADING);
          out.newLineAtOffset(MARGIN, page.getMediaBox().getHeight() - MARGIN);
          for (String line : lines) {
            out.showText(line);
            out.newLine();
          }
          out.endText();
        }
      }
      byte[] text = save(document);
      return scanned ? toScan(text) : text;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot render the sandbox certificate", e);
    }
  }

  private static void watermark(PDPageContentStream out, PDType0Font font, PDPage page)
      throws IOException {
    PDExtendedGraphicsState light = new PDExtendedGraphicsState();
    light.setNonStrokingAlphaConstant(0.15f);
    out.saveGraphicsState();
    out.setGraphicsStateParameters(light);
    out.beginText();
    out.setFont(font, 110);
    out.setTextMatrix(Matrix.getRotateInstance(Math.toRadians(45), 170, 300));
    out.showText(WATERMARK);
    out.endText();
    out.restoreGraphicsState();
  }

  /** The same pages as 300 dpi images only: what a scanner produces. */
  private static byte[] toScan(byte[] textPdf) throws IOException {
    try (PDDocument source = Loader.loadPDF(textPdf);
        PDDocument scan = new PDDocument()) {
      PDFRenderer renderer = new PDFRenderer(source);
      for (int i = 0; i < source.getNumberOfPages(); i++) {
        BufferedImage image = renderer.renderImageWithDPI(i, 300, ImageType.GRAY);
        PDPage page = new PDPage(PDRectangle.A4);
        scan.addPage(page);
        PDImageXObject xobject = LosslessFactory.createFromImage(scan, image);
        try (PDPageContentStream out = new PDPageContentStream(scan, page)) {
          out.drawImage(xobject, 0, 0, PDRectangle.A4.getWidth(), PDRectangle.A4.getHeight());
        }
      }
      return save(scan);
    }
  }

  private static byte[] save(PDDocument document) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    document.save(bytes);
    return bytes.toByteArray();
  }

  static List<List<String>> content(IssueRequest request) {
    Random random = new Random(request.address().hashCode());
    String number =
        request.registryNumber() != null
            ? request.registryNumber()
            : String.format("1146-%04d-%06d", random.nextInt(10_000), random.nextInt(1_000_000));
    String unit =
        (request.dong() != null ? request.dong() + "동 " : "")
            + (request.ho() != null ? request.ho() + "호" : "");
    int builtYear = 1995 + random.nextInt(25);
    String[] owners = {"김민준", "이서연", "박지훈", "최수아", "정예준", "강하은", "조도윤", "윤지우"};
    String[] banks = {"주식회사 국민은행", "주식회사 신한은행", "주식회사 우리은행", "농협은행 주식회사"};

    List<String> first = new ArrayList<>();
    first.add("등기사항전부증명서(말소사항 포함) - 집합건물");
    first.add("고유번호 " + number);
    first.add("[집합건물] " + request.address() + (unit.isBlank() ? "" : " " + unit.trim()));
    first.add("");
    first.add("【 표 제 부 】 ( 1동의 건물의 표시 )");
    first.add("표시번호  접수  소재지번,건물명칭 및 번호  건물내역  등기원인 및 기타사항");
    first.add(
        "1  "
            + date(random, builtYear)
            + "  "
            + request.address()
            + "  철근콘크리트구조 (철근)콘크리트지붕 15층 공동주택");
    first.add("【 표 제 부 】 ( 전유부분의 건물의 표시 )");
    first.add(
        "1  "
            + (unit.isBlank() ? "제1층 제101호" : unit.trim())
            + "  철근콘크리트구조 "
            + (59 + random.nextInt(60))
            + "."
            + random.nextInt(100)
            + "㎡");
    first.add("");
    first.add("【 갑 구 】 ( 소유권에 관한 사항 )");
    first.add("순위번호  등기목적  접수  등기원인  권리자 및 기타사항");
    int year = builtYear;
    String owner = owners[random.nextInt(owners.length)];
    first.add(
        "1  소유권보존  "
            + date(random, year)
            + " 제"
            + (1000 + random.nextInt(9000))
            + "호    소유자  "
            + owner);
    int transfers = 1 + random.nextInt(3);
    for (int i = 0; i < transfers; i++) {
      year += 1 + random.nextInt(6);
      owner = owners[random.nextInt(owners.length)];
      first.add(
          (i + 2)
              + "  소유권이전  "
              + date(random, year)
              + " 제"
              + (1000 + random.nextInt(90000))
              + "호  "
              + year
              + "년 매매");
      first.add(
          "    소유자  "
              + owner
              + "  거래가액 금"
              + String.format(Locale.ROOT, "%,d", (2 + random.nextInt(12)) * 100_000_000L)
              + "원");
    }
    if (random.nextInt(4) == 0) {
      year = Math.min(LocalDate.now().getYear(), year + 1);
      first.add(
          (transfers + 2)
              + "  가압류  "
              + date(random, year)
              + "  서울중앙지방법원의 가압류결정  청구금액 금"
              + String.format(Locale.ROOT, "%,d", (1 + random.nextInt(9)) * 10_000_000L)
              + "원");
    }

    List<String> second = new ArrayList<>();
    second.add("【 을 구 】 ( 소유권 이외의 권리에 관한 사항 )");
    second.add("순위번호  등기목적  접수  등기원인  권리자 및 기타사항");
    int mortgages = random.nextInt(3);
    for (int i = 0; i < mortgages; i++) {
      second.add(
          (i + 1)
              + "  근저당권설정  "
              + date(random, year)
              + "  설정계약  채권최고액 금"
              + String.format(Locale.ROOT, "%,d", (1 + random.nextInt(6)) * 120_000_000L)
              + "원");
      second.add("    채무자  " + owner + "  근저당권자  " + banks[random.nextInt(banks.length)]);
    }
    if (mortgages == 0) {
      second.add("기록사항 없음");
    }
    second.add("");
    second.add("-- 이 하 여 백 --");
    second.add("관할등기소 서울중앙지방법원 등기국");
    second.add("* 본 증명서는 열람용으로 법적인 효력이 없습니다.");
    return List.of(first, second);
  }

  /** "2019년3월14일": a random day of {@code year}, as the register writes dates. */
  private static String date(Random random, int year) {
    return year + "년" + (1 + random.nextInt(12)) + "월" + (1 + random.nextInt(28)) + "일";
  }
}
