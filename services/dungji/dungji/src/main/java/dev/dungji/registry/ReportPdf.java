package dev.dungji.registry;

import dev.dungji.register.Entry;
import dev.dungji.register.ParsedRegister;
import dev.dungji.report.Figures;
import dev.dungji.report.Flag;
import dev.dungji.report.RiskReport;
import dev.dungji.report.Won;
import dev.platform.fonts.Fonts;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType0Font;

/**
 * The report as an A4 PDF with NanumGothic embedded (platform/fonts): the property, the figures,
 * the flags worst first with their entries, the rights in force, the disclaimer. Lines wrap at the
 * page's width; pages follow as needed.
 */
public final class ReportPdf {
  private static final float MARGIN = 50;
  private static final float SIZE = 10;
  private static final float LEADING = 15;

  private final PDDocument document;
  private final PDType0Font font;
  private final Map<Integer, Boolean> drawable = new HashMap<>();
  private PDPageContentStream out;
  private float y;

  private ReportPdf(PDDocument document, PDType0Font font) {
    this.document = document;
    this.font = font;
  }

  public static byte[] render(RegistryReports.Made made) {
    try (PDDocument document = new PDDocument();
        InputStream ttf = Fonts.nanumGothic()) {
      ReportPdf pdf = new ReportPdf(document, PDType0Font.load(document, ttf));
      pdf.write(made);
      pdf.out.close();
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      document.save(bytes);
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException("the report PDF could not be made", e);
    }
  }

  private void write(RegistryReports.Made made) throws IOException {
    RiskReport r = made.report();
    ParsedRegister reg = made.register();
    Figures f = r.figures();
    newPage();
    line("전세 위험 보고서 / Jeonse risk report", 16);
    line(reg.title().address(), SIZE);
    line("소유자 / Owners: " + String.join(", ", r.owners()), SIZE);
    line("기준일 / As of: " + r.asOf(), SIZE);
    gap();
    line("숫자 / Figures", 13);
    line("보증금 / Deposit: " + Won.korean(f.deposit()), SIZE);
    line("채권최고액 합계 / Max claims in force: " + Won.korean(f.maxClaimsInForce()), SIZE);
    line("선순위 보증금 / Senior deposits: " + Won.korean(f.seniorDepositsInForce()), SIZE);
    line("선순위 채권 합계 / Senior claims: " + Won.korean(f.seniorClaims()), SIZE);
    if (f.marketPrice() != null) {
      line("시세 / Market price: " + Won.korean(f.marketPrice()) + " (" + f.priceBasis() + ")", SIZE);
      line("(선순위 + 보증금) ÷ 시세 / Ratio: " + percent(f), SIZE);
      line(
          "예상 낙찰가 / Expected auction price: "
              + Won.korean(f.expectedAuctionPrice())
              + " (매각가율 "
              + f.auctionRatio().toPlainString()
              + ")",
          SIZE);
      line("돌려받을 수 있는 보증금 / Covered deposit: " + Won.korean(f.coveredDeposit()), SIZE);
      line("못 돌려받을 수 있는 보증금 / Uncovered deposit: " + Won.korean(f.uncoveredDeposit()), SIZE);
    } else {
      line(
          "시세 없음 / No market price" + (r.priceError() == null ? "" : " (" + r.priceError() + ")"),
          SIZE);
    }
    gap();
    line("주의할 점 / Flags (" + r.flags().size() + ")", 13);
    if (r.flags().isEmpty()) {
      line("발견된 위험 신호가 없습니다. / No flags raised.", SIZE);
    }
    for (Flag flag : r.flags()) {
      String where =
          flag.rank() == null
              ? ""
              : " — "
                  + (flag.section() == null ? "" : flag.section().name())
                  + " "
                  + flag.rank()
                  + "번";
      line("[" + flag.severity() + "] " + flag.code() + where, SIZE);
      line("  " + flag.messageKo(), SIZE);
      line("  " + flag.messageEn(), SIZE);
    }
    gap();
    line("유효한 권리 / Rights in force", 13);
    for (Entry e : reg.entries().filter(Entry::inForce).toList()) {
      StringBuilder s = new StringBuilder(e.section().name() + " " + e.rank() + "번 " + e.purpose());
      if (e.receiptDate() != null) {
        s.append(" (").append(e.receiptDate()).append(")");
      }
      if (e.maxClaim() != null) {
        s.append(" 채권최고액 ").append(Won.korean(e.maxClaim()));
      }
      if (e.deposit() != null) {
        s.append(" 보증금 ").append(Won.korean(e.deposit()));
      }
      if (!e.holders().isEmpty()) {
        s.append(" — ").append(String.join(", ", e.holders()));
      }
      line(s.toString(), SIZE);
    }
    gap();
    line(r.disclaimer(), 9);
  }

  private static String percent(Figures f) {
    return f.ratio().movePointRight(2).stripTrailingZeros().toPlainString() + "%";
  }

  private void newPage() throws IOException {
    if (out != null) {
      out.close();
    }
    PDPage page = new PDPage(PDRectangle.A4);
    document.addPage(page);
    out = new PDPageContentStream(document, page);
    y = page.getMediaBox().getHeight() - MARGIN;
  }

  private void gap() {
    y -= LEADING / 2;
  }

  /** One paragraph, wrapped to the page's width. */
  private void line(String text, float size) throws IOException {
    float width = PDRectangle.A4.getWidth() - 2 * MARGIN;
    for (String piece : wrap(drawableText(text), size, width)) {
      if (y < MARGIN + LEADING) {
        newPage();
      }
      out.beginText();
      out.setFont(font, size);
      out.newLineAtOffset(MARGIN, y);
      out.showText(piece);
      out.endText();
      y -= Math.max(LEADING, size * 1.5f);
    }
  }

  private List<String> wrap(String text, float size, float width) throws IOException {
    List<String> lines = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      String ch = new String(Character.toChars(cp));
      if (!current.isEmpty() && font.getStringWidth(current + ch) / 1000 * size > width) {
        // Break at the last space when there is one in the line (Korean wraps anywhere otherwise).
        int space = current.lastIndexOf(" ");
        if (space > current.length() / 2) {
          lines.add(current.substring(0, space));
          current.delete(0, space + 1);
        } else {
          lines.add(current.toString());
          current.setLength(0);
        }
      }
      current.append(ch);
      i += Character.charCount(cp);
    }
    if (!current.isEmpty()) {
      lines.add(current.toString());
    }
    return lines;
  }

  /** Characters the font has no glyph for become "?" rather than failing the whole PDF. */
  private String drawableText(String text) {
    StringBuilder s = new StringBuilder(text.length());
    text.codePoints()
        .forEach(
            cp -> {
              if (cp == '\n' || cp == '\r' || cp == '\t') {
                s.append(' ');
              } else if (drawable.computeIfAbsent(cp, this::hasGlyph)) {
                s.appendCodePoint(cp);
              } else {
                s.append('?');
              }
            });
    return s.toString();
  }

  private boolean hasGlyph(int cp) {
    try {
      font.encode(new String(Character.toChars(cp)));
      return true;
    } catch (IOException | IllegalArgumentException e) {
      return false;
    }
  }
}
