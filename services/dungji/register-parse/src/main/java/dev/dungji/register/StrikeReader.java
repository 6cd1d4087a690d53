package dev.dungji.register;

import java.awt.geom.Point2D;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.contentstream.PDFGraphicsStreamEngine;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.graphics.color.PDColor;
import org.apache.pdfbox.pdmodel.graphics.image.PDImage;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.TextPosition;

/**
 * Reads a certificate PDF's text layer line by line, and which lines are struck through in red.
 *
 * <p>The court's certificates draw a cancelled entry's rows with a red line through each line of
 * text: a stroked path (or a thin filled rectangle, depending on the program that saved the PDF) in
 * a red colour. Text extraction loses it; this reads the vector graphics of each page, keeps the
 * near-horizontal red segments and marks a text line struck when one crosses the middle of its
 * glyphs over most of its width. A page without a text layer gives no lines (the caller reads it by
 * OCR); a document with no red line at all gives {@code struck == null} (unknowable), not false.
 */
public final class StrikeReader {
  private StrikeReader() {}

  /** A page's lines; empty when the page has no text layer. */
  public record Page(int page, List<Line> lines) {}

  public static List<Page> read(byte[] pdf) throws IOException {
    try (PDDocument document = Loader.loadPDF(pdf)) {
      List<Page> pages = new ArrayList<>();
      List<List<Positioned>> texts = new ArrayList<>();
      List<List<float[]>> strikes = new ArrayList<>();
      boolean anyRed = false;
      for (int i = 0; i < document.getNumberOfPages(); i++) {
        PDPage page = document.getPage(i);
        texts.add(lines(document, i + 1, page.getMediaBox().getHeight()));
        RedLines red = new RedLines(page);
        red.processPage(page);
        strikes.add(red.segments);
        anyRed |= !red.segments.isEmpty();
      }
      for (int i = 0; i < texts.size(); i++) {
        List<Line> lines = new ArrayList<>();
        for (Positioned p : texts.get(i)) {
          Boolean struck = anyRed ? struck(p, strikes.get(i)) : null;
          lines.add(new Line(p.text, i + 1, false, struck));
        }
        pages.add(new Page(i + 1, lines));
      }
      return pages;
    }
  }

  /** A line of text with its box in PDF coordinates (origin bottom left). */
  private record Positioned(String text, float x0, float x1, float baseline, float size) {}

  private static boolean struck(Positioned line, List<float[]> segments) {
    float width = Math.max(1, line.x1 - line.x0);
    for (float[] s : segments) {
      float y = s[2];
      if (y < line.baseline - 0.1f * line.size || y > line.baseline + 0.8f * line.size) {
        continue;
      }
      float overlap = Math.min(line.x1, s[1]) - Math.max(line.x0, s[0]);
      if (overlap >= 0.5f * width) {
        return true;
      }
    }
    return false;
  }

  private static List<Positioned> lines(PDDocument document, int page, float height)
      throws IOException {
    List<Positioned> out = new ArrayList<>();
    PDFTextStripper stripper =
        new PDFTextStripper() {
          final StringBuilder text = new StringBuilder();
          float x0 = Float.MAX_VALUE;
          float x1 = -1;
          float baseline;
          float size;

          @Override
          protected void processTextPosition(TextPosition t) {
            // As the OCR task does: the rotated, huge "열람용" watermark is not text of the page.
            boolean rotated = Math.abs(t.getTextMatrix().getValue(0, 1)) > 0.01;
            if (!rotated && t.getFontSizeInPt() < 40) {
              super.processTextPosition(t);
            }
          }

          @Override
          protected void writeString(String string, List<TextPosition> positions) {
            text.append(string);
            for (TextPosition t : positions) {
              x0 = Math.min(x0, t.getXDirAdj());
              x1 = Math.max(x1, t.getXDirAdj() + t.getWidthDirAdj());
              baseline = height - t.getYDirAdj();
              size = Math.max(size, t.getFontSizeInPt());
            }
          }

          @Override
          protected void writeWordSeparator() {
            text.append(' ');
          }

          @Override
          protected void writeLineSeparator() {
            if (!text.toString().isBlank()) {
              out.add(new Positioned(text.toString(), x0, x1, baseline, size));
            }
            text.setLength(0);
            x0 = Float.MAX_VALUE;
            x1 = -1;
            size = 0;
          }
        };
    stripper.setSortByPosition(true);
    stripper.setStartPage(page);
    stripper.setEndPage(page);
    stripper.getText(document);
    return out;
  }

  /** Collects red, near-horizontal segments: {x0, x1, y} in PDF coordinates. */
  private static final class RedLines extends PDFGraphicsStreamEngine {
    final List<float[]> segments = new ArrayList<>();
    private final List<float[]> path = new ArrayList<>();
    private Point2D.Float current = new Point2D.Float();

    RedLines(PDPage page) {
      super(page);
    }

    static boolean red(PDColor color) {
      try {
        int rgb = color.toRGB();
        int r = (rgb >> 16) & 0xff;
        int g = (rgb >> 8) & 0xff;
        int b = rgb & 0xff;
        return r > 150 && g < 110 && b < 110;
      } catch (IOException | UnsupportedOperationException e) {
        return false;
      }
    }

    @Override
    public void appendRectangle(Point2D p0, Point2D p1, Point2D p2, Point2D p3) {
      float x0 = (float) Math.min(p0.getX(), p2.getX());
      float x1 = (float) Math.max(p0.getX(), p2.getX());
      float y0 = (float) Math.min(p0.getY(), p2.getY());
      float y1 = (float) Math.max(p0.getY(), p2.getY());
      // A thin rectangle is a line drawn as a fill.
      path.add(new float[] {x0, x1, (y0 + y1) / 2, y1 - y0});
    }

    @Override
    public void moveTo(float x, float y) {
      current = new Point2D.Float(x, y);
    }

    @Override
    public void lineTo(float x, float y) {
      if (Math.abs(y - current.y) < 1.5f && Math.abs(x - current.x) > 5) {
        path.add(
            new float[] {Math.min(x, current.x), Math.max(x, current.x), (y + current.y) / 2, 0});
      }
      current = new Point2D.Float(x, y);
    }

    @Override
    public void curveTo(float x1, float y1, float x2, float y2, float x3, float y3) {
      current = new Point2D.Float(x3, y3);
    }

    @Override
    public Point2D getCurrentPoint() {
      return current;
    }

    @Override
    public void closePath() {}

    @Override
    public void endPath() {
      path.clear();
    }

    @Override
    public void strokePath() {
      if (red(getGraphicsState().getStrokingColor())) {
        for (float[] s : path) {
          if (s[3] < 3) {
            segments.add(s);
          }
        }
      }
      path.clear();
    }

    @Override
    public void fillPath(int windingRule) {
      if (red(getGraphicsState().getNonStrokingColor())) {
        for (float[] s : path) {
          if (s[3] > 0 && s[3] < 3 && s[1] - s[0] > 5) {
            segments.add(s);
          }
        }
      }
      path.clear();
    }

    @Override
    public void fillAndStrokePath(int windingRule) {
      strokePath();
    }

    @Override
    public void drawImage(PDImage pdImage) {}

    @Override
    public void clip(int windingRule) {}

    @Override
    public void shadingFill(org.apache.pdfbox.cos.COSName shadingName) {}
  }
}
