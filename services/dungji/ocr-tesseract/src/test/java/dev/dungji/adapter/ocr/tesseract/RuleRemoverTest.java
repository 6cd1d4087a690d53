package dev.dungji.adapter.ocr.tesseract;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import org.junit.jupiter.api.Test;

class RuleRemoverTest {
  static final int W = 600;
  static final int H = 100;

  /** Paper with black vertical strokes (glyphs) every 20 px and a grey line through them. */
  static BufferedImage struckRow(int lineGrey) {
    BufferedImage page = new BufferedImage(W, H, BufferedImage.TYPE_BYTE_GRAY);
    for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
        boolean stroke = y >= 30 && y < 70 && x >= 100 && x < 500 && x % 20 < 4;
        boolean line = y >= 49 && y < 52 && x >= 50 && x < 550;
        boolean dash = y == 20 && x >= 10 && x < 60;
        page.getRaster().setSample(x, y, 0, stroke ? 0 : line ? lineGrey : dash ? 0 : 255);
      }
    }
    return page;
  }

  @Test
  void aLineThroughTextGoesAndTheStrokesItCrossedStayWhole() {
    BufferedImage clean = RuleRemover.clean(struckRow(155), 150);

    // Between the strokes and beside the text: paper again.
    assertThat(clean.getRaster().getSample(110, 50, 0)).isEqualTo(255);
    assertThat(clean.getRaster().getSample(60, 50, 0)).isEqualTo(255);
    // A stroke the line crossed: ink through the band, not cut in two.
    for (int y = 30; y < 70; y++) {
      assertThat(clean.getRaster().getSample(101, y, 0)).as("y %d", y).isLessThan(RuleRemover.INK);
    }
    // A short dash (a hyphen, a glyph's bar) is no rule.
    assertThat(clean.getRaster().getSample(30, 20, 0)).isEqualTo(0);
  }

  @Test
  void aBlackRuleGoesAsWellAsARedOneScannedInGrey() {
    BufferedImage clean = RuleRemover.clean(struckRow(0), 150);

    assertThat(clean.getRaster().getSample(110, 50, 0)).isEqualTo(255);
    assertThat(clean.getRaster().getSample(540, 50, 0)).isEqualTo(255);
  }

  @Test
  void whatIsLighterThanInkBecomesPaper() {
    BufferedImage page = struckRow(155);
    page.getRaster().setSample(5, 5, 0, 230);

    assertThat(RuleRemover.clean(page, 150).getRaster().getSample(5, 5, 0)).isEqualTo(255);
  }

  @Test
  void aColourPageIsReadByItsLuminance() {
    BufferedImage page = new BufferedImage(W, H, BufferedImage.TYPE_INT_RGB);
    for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
        page.setRGB(x, y, y == 50 && x >= 50 && x < 550 ? 0xD91A1A : 0xFFFFFF);
      }
    }
    assertThat(RuleRemover.clean(page, 150).getRaster().getSample(300, 50, 0)).isEqualTo(255);
  }
}
