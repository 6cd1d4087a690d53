package dev.dungji.adapter.ocr.tesseract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dungji.ocr.OcrException;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.InputStream;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Runs the real binary; .ci/run installs tesseract-ocr and tesseract-ocr-kor. */
class TesseractPageOcrTest {
  private final TesseractPageOcr ocr = TesseractPageOcr.defaults();

  @Test
  void isAvailableWithKoreanData() {
    assertThat(ocr.available()).as("tesseract with kor (see .ci/run)").isTrue();
  }

  @Test
  void readsAKoreanPageAt300Dpi() throws Exception {
    BufferedImage page = page("등기사항전부증명서", "소유권이전 근저당권설정", "채권최고액 금240,000,000원");

    String text = ocr.read(page).replace(" ", "");

    assertThat(text).contains("등기사항전부증명서", "소유권이전", "근저당권설정", "240,000,000");
  }

  @Test
  void aMissingBinaryIsUnavailableAndReadingFailsClearly() {
    TesseractPageOcr missing =
        new TesseractPageOcr("/nonexistent/tesseract", "kor", 6, Duration.ofSeconds(5));

    assertThat(missing.available()).isFalse();
    assertThatThrownBy(() -> missing.read(new BufferedImage(10, 10, BufferedImage.TYPE_BYTE_GRAY)))
        .isInstanceOf(OcrException.class);
  }

  @Test
  void anUnknownLanguageIsUnavailable() {
    assertThat(new TesseractPageOcr("tesseract", "xx-none", 6, Duration.ofSeconds(5)).available())
        .isFalse();
  }

  // The Hangul font of platform/fonts (SIL OFL; through the sandbox), so no system font is needed.
  private static final String FONT = "/dev/platform/fonts/NanumGothic.ttf";

  static BufferedImage page(String... lines) throws Exception {
    Font font;
    try (InputStream ttf = TesseractPageOcrTest.class.getResourceAsStream(FONT)) {
      font = Font.createFont(Font.TRUETYPE_FONT, ttf).deriveFont(48f);
    }
    BufferedImage image = new BufferedImage(2480, 800, BufferedImage.TYPE_BYTE_GRAY);
    Graphics2D g = image.createGraphics();
    g.setRenderingHint(
        RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, image.getWidth(), image.getHeight());
    g.setColor(Color.BLACK);
    g.setFont(font);
    for (int i = 0; i < lines.length; i++) {
      g.drawString(lines[i], 150, 200 + i * 120);
    }
    g.dispose();
    return image;
  }
}
