package dev.dungji.registry;

import dev.dungji.ocr.PageOcr;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.rendering.ImageType;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.TextPosition;

/**
 * A PDF's text, page by page: the text layer where a page has one, OCR of the page rendered at 300
 * dpi where it has none. The "열람용" watermark (large, rotated text over every page of a viewing
 * copy) is dropped, whichever way the page was read.
 */
public final class PdfText {
  static final String WATERMARK = "열람용";
  static final int DPI = 300;
  private static final Pattern WATERMARK_LINE = Pattern.compile("(?m)^\\s*열\\s*람\\s*용\\s*$\\R?");

  /** How a page was read. */
  public enum Method {
    TEXT_LAYER,
    OCR
  }

  /** One page's text. */
  public record Page(int page, Method method, String text) {}

  /** The text layer is missing and no OCR engine can read the page. */
  public static final class EngineUnavailable extends Exception {
    EngineUnavailable(String message) {
      super(message);
    }
  }

  private PdfText() {}

  /**
   * Reads every page.
   *
   * @param ocr the engine for pages without text, or null when none is configured
   * @throws EngineUnavailable when a page needs OCR and {@code ocr} is null or not installed
   * @throws IOException when the PDF cannot be read
   */
  public static List<Page> read(byte[] pdf, PageOcr ocr) throws IOException, EngineUnavailable {
    try (PDDocument document = Loader.loadPDF(pdf)) {
      List<Page> pages = new ArrayList<>();
      PDFRenderer renderer = null;
      for (int i = 1; i <= document.getNumberOfPages(); i++) {
        String layer = dropWatermark(textLayer(document, i));
        if (!layer.isBlank()) {
          pages.add(new Page(i, Method.TEXT_LAYER, layer.strip()));
          continue;
        }
        if (ocr == null || !ocr.available()) {
          throw new EngineUnavailable(
              "page "
                  + i
                  + " has no text layer and no OCR engine is available"
                  + (ocr == null ? "" : " (" + ocr.describe() + ")"));
        }
        if (renderer == null) {
          renderer = new PDFRenderer(document);
        }
        BufferedImage image = renderer.renderImageWithDPI(i - 1, DPI, ImageType.GRAY);
        pages.add(new Page(i, Method.OCR, dropWatermark(ocr.read(image)).strip()));
      }
      return pages;
    }
  }

  static String dropWatermark(String text) {
    return WATERMARK_LINE.matcher(text).replaceAll("");
  }

  private static String textLayer(PDDocument document, int page) throws IOException {
    PDFTextStripper stripper =
        new PDFTextStripper() {
          @Override
          protected void processTextPosition(TextPosition text) {
            // The watermark is drawn rotated and huge; body text is upright and small.
            boolean rotated = Math.abs(text.getTextMatrix().getValue(0, 1)) > 0.01;
            if (!rotated && text.getFontSizeInPt() < 40) {
              super.processTextPosition(text);
            }
          }
        };
    stripper.setSortByPosition(true);
    stripper.setStartPage(page);
    stripper.setEndPage(page);
    return stripper.getText(document);
  }
}
