package dev.dungji.adapter.registry.sandbox;

import dev.dungji.issuer.IssueRequest;
import dev.platform.fonts.Fonts;
import java.awt.geom.AffineTransform;
import java.awt.geom.GeneralPath;
import java.awt.geom.PathIterator;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
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
public final class RegistryPdf {
  static final String WATERMARK = "열람용";
  private static final float MARGIN = 50;
  private static final float LEADING = 15.5f;
  private static final float FONT_SIZE = 9.5f;

  private final Path font;

  /** {@code font} null or unreadable: the NanumGothic of platform/fonts (SIL OFL 1.1). */
  public RegistryPdf(Path font) {
    this.font = font != null && Files.isReadable(font) ? font : null;
  }

  private PDType0Font loadFont(PDDocument document) throws IOException {
    if (font != null) {
      return PDType0Font.load(document, font.toFile());
    }
    try (InputStream bundled = Fonts.nanumGothic()) {
      return PDType0Font.load(document, bundled);
    }
  }

  byte[] render(IssueRequest request, boolean scanned) {
    return render(request, 1, scanned);
  }

  /** The register as its {@code issuance}-th issuance shows it (see {@code changes=N}). */
  byte[] render(IssueRequest request, int issuance, boolean scanned) {
    return render(request, issuance, scanned ? Format.SCANNED : Format.TEXT_LAYER);
  }

  byte[] render(IssueRequest request, int issuance, Format format) {
    return render(SandboxRegister.generate(spec(request), issuance).pages(), format);
  }

  static SandboxRegister.Spec spec(IssueRequest request) {
    String unit =
        ((request.dong() != null ? request.dong() + "동 " : "")
                + (request.ho() != null ? request.ho() + "호" : ""))
            .strip();
    return SandboxRegister.spec(request.address(), unit.isEmpty() ? null : unit, request.label());
  }

  /**
   * How the PDF was made. Real certificates differ by the program that saved them: the court's own
   * PDF has a clean text layer; some programs place every glyph by itself, in no reading order
   * (text extraction must sort by position or words come out scattered); "print to PDF" drivers
   * draw the glyphs as vector shapes with no text layer at all (only rendering and OCR read them);
   * a scanner gives images. In every kind but the scan the red strike lines stay vector lines.
   */
  public enum Format {
    TEXT_LAYER,
    GLYPHS,
    SHAPES,
    SCANNED
  }

  /** Draws the rows; a struck row gets a red line through it, as the court's certificates have. */
  public byte[] render(List<List<SandboxRegister.Row>> pages, boolean scanned) {
    return render(pages, scanned ? Format.SCANNED : Format.TEXT_LAYER);
  }

  /** The rows as a PDF of the given kind; the same rows always give the same bytes' content. */
  public byte[] render(List<List<SandboxRegister.Row>> pages, Format format) {
    try (PDDocument document = new PDDocument()) {
      PDType0Font korean = loadFont(document);
      for (int p = 0; p < pages.size(); p++) {
        List<SandboxRegister.Row> lines = pages.get(p);
        PDPage page = new PDPage(PDRectangle.A4);
        document.addPage(page);
        try (PDPageContentStream out = new PDPageContentStream(document, page)) {
          watermark(out, korean, page);
          float y = page.getMediaBox().getHeight() - MARGIN;
          List<Glyph> glyphs = new ArrayList<>();
          for (SandboxRegister.Row line : lines) {
            switch (format) {
              case GLYPHS -> glyphs.addAll(glyphs(korean, line.text(), y));
              case SHAPES -> shapes(out, korean, line.text(), y);
              default -> {
                out.beginText();
                out.setFont(korean, FONT_SIZE);
                out.newLineAtOffset(MARGIN, y);
                out.showText(line.text());
                out.endText();
              }
            }
            if (line.struck()) {
              float width = korean.getStringWidth(line.text()) / 1000 * FONT_SIZE;
              out.saveGraphicsState();
              out.setStrokingColor(0.85f, 0.1f, 0.1f);
              out.setLineWidth(0.7f);
              out.moveTo(MARGIN, y + FONT_SIZE * 0.33f);
              out.lineTo(MARGIN + width, y + FONT_SIZE * 0.33f);
              out.stroke();
              out.restoreGraphicsState();
            }
            y -= LEADING;
          }
          if (format == Format.GLYPHS) {
            // The drawing order of a page's glyphs shuffled, the same on every run.
            Collections.shuffle(glyphs, new Random(31L * p + lines.hashCode()));
            for (Glyph g : glyphs) {
              out.beginText();
              out.setFont(korean, FONT_SIZE);
              out.newLineAtOffset(g.x, g.y);
              out.showText(g.text);
              out.endText();
            }
          }
        }
      }
      byte[] text = save(document);
      return format == Format.SCANNED ? toScan(text) : text;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot render the sandbox certificate", e);
    }
  }

  private record Glyph(String text, float x, float y) {}

  /** Each character of {@code text} placed by itself at its own position; spaces not drawn. */
  private static List<Glyph> glyphs(PDType0Font font, String text, float y) throws IOException {
    List<Glyph> out = new ArrayList<>();
    float x = MARGIN;
    int i = 0;
    while (i < text.length()) {
      int cp = text.codePointAt(i);
      String ch = new String(Character.toChars(cp));
      if (!Character.isWhitespace(cp)) {
        out.add(new Glyph(ch, x, y));
      }
      x += font.getStringWidth(ch) / 1000 * FONT_SIZE;
      i += Character.charCount(cp);
    }
    return out;
  }

  /** {@code text} drawn as filled glyph outlines: what a "print to PDF" driver writes. */
  private static void shapes(PDPageContentStream out, PDType0Font font, String text, float y)
      throws IOException {
    float x = MARGIN;
    float scale = FONT_SIZE / 1000;
    int i = 0;
    while (i < text.length()) {
      int cp = text.codePointAt(i);
      String ch = new String(Character.toChars(cp));
      i += Character.charCount(cp);
      if (!Character.isWhitespace(cp)) {
        byte[] code = font.encode(ch);
        int cid = code.length == 2 ? ((code[0] & 0xff) << 8) | (code[1] & 0xff) : code[0] & 0xff;
        GeneralPath outline = font.getNormalizedPath(cid);
        AffineTransform at = new AffineTransform(scale, 0, 0, scale, x, y);
        PathIterator it = outline.getPathIterator(at);
        float[] c = new float[6];
        float cx = 0;
        float cy = 0;
        boolean any = false;
        while (!it.isDone()) {
          switch (it.currentSegment(c)) {
            case PathIterator.SEG_MOVETO -> {
              out.moveTo(c[0], c[1]);
              cx = c[0];
              cy = c[1];
              any = true;
            }
            case PathIterator.SEG_LINETO -> {
              out.lineTo(c[0], c[1]);
              cx = c[0];
              cy = c[1];
            }
            case PathIterator.SEG_QUADTO -> {
              // A quadratic segment as the cubic PDF draws.
              out.curveTo(
                  cx + 2f / 3 * (c[0] - cx),
                  cy + 2f / 3 * (c[1] - cy),
                  c[2] + 2f / 3 * (c[0] - c[2]),
                  c[3] + 2f / 3 * (c[1] - c[3]),
                  c[2],
                  c[3]);
              cx = c[2];
              cy = c[3];
            }
            case PathIterator.SEG_CUBICTO -> {
              out.curveTo(c[0], c[1], c[2], c[3], c[4], c[5]);
              cx = c[4];
              cy = c[5];
            }
            default -> out.closePath();
          }
          it.next();
        }
        if (any) {
          out.fill();
        }
      }
      x += font.getStringWidth(ch) / 1000 * FONT_SIZE;
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

  /** The text of each page, as printed. */
  static List<List<String>> content(IssueRequest request) {
    List<List<String>> pages = new ArrayList<>();
    for (List<SandboxRegister.Row> page : SandboxRegister.generate(spec(request)).pages()) {
      pages.add(page.stream().map(SandboxRegister.Row::text).toList());
    }
    return pages;
  }
}
