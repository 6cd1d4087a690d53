package dev.dungji.adapter.ocr.tesseract;

import java.awt.image.BufferedImage;

/**
 * Removes long horizontal lines from a page image before OCR: a certificate's table rules and the
 * red strike-through over cancelled entries. Tesseract reads a line drawn through a row of text as
 * dashes and plus signs and garbles the glyphs it crosses ("6-카압류-2004년1+월" for "6 가압류 2004년1월");
 * rows near struck ones lose their layout too. Text never makes a dark run this long: glyphs are
 * separated by light gaps.
 *
 * <p>Where a glyph's stroke crosses the line (dark just above and below the band) the band is kept,
 * so vertical strokes stay whole; elsewhere it becomes white. Works on grey levels, so a red line
 * scanned in grey (mid-grey) goes as well as a black rule.
 */
final class RuleRemover {
  /** Darker than this is ink (0 black, 255 white); a red line in grey is about 80. */
  static final int INK = 200;

  /** Rows either side of a line's dark band that belong to it (anti-aliasing). */
  private static final int EDGE = 2;

  /** A line thicker than this (pixels) is not a rule but a filled area: kept. */
  private static final int MAX_THICKNESS = 8;

  private RuleRemover() {}

  /**
   * A grey copy of {@code page} without its horizontal lines of at least {@code minRun} pixels (at
   * 300 dpi, 150 px is half an inch: three or four syllables of 9.5 pt text).
   */
  static BufferedImage clean(BufferedImage page, int minRun) {
    int w = page.getWidth();
    int h = page.getHeight();
    int[][] grey = new int[h][w];
    // A grey page's samples as they are: getRGB would convert them from linear grey to sRGB and
    // make a red line scanned in grey (155) lighter than the ink threshold.
    boolean sampled = page.getType() == BufferedImage.TYPE_BYTE_GRAY;
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        if (sampled) {
          grey[y][x] = page.getRaster().getSample(x, y, 0);
          continue;
        }
        int rgb = page.getRGB(x, y);
        int r = (rgb >> 16) & 0xff;
        int g = (rgb >> 8) & 0xff;
        int b = rgb & 0xff;
        grey[y][x] = (r * 299 + g * 587 + b * 114) / 1000;
      }
    }
    boolean[][] line = new boolean[h][w];
    for (int y = 0; y < h; y++) {
      int x = 0;
      while (x < w) {
        if (grey[y][x] >= INK) {
          x++;
          continue;
        }
        int start = x;
        while (x < w && grey[y][x] < INK) {
          x++;
        }
        if (x - start >= minRun) {
          for (int i = start; i < x; i++) {
            line[y][i] = true;
          }
        }
      }
    }
    BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_BYTE_GRAY);
    for (int x = 0; x < w; x++) {
      int y = 0;
      while (y < h) {
        if (!line[y][x]) {
          y++;
          continue;
        }
        int top = y;
        while (y < h && line[y][x]) {
          y++;
        }
        // The band top..y-1 at column x, widened by its anti-aliased edges. A line drawn over
        // text hides the glyphs' pixels under it: where ink touches the band from above and from
        // below, a stroke crosses it and the band becomes ink (the stroke made whole again, so
        // the row is not cut into two half-rows that Tesseract reads as two rows of garbage);
        // elsewhere it becomes paper.
        int from = Math.max(0, top - EDGE);
        int to = Math.min(h, y + EDGE);
        if (y - top > MAX_THICKNESS) {
          continue;
        }
        boolean above = from > 0 && grey[from - 1][x] < INK;
        boolean below = to < h && grey[to][x] < INK;
        for (int i = from; i < to; i++) {
          if (above && below) {
            grey[i][x] = Math.min(grey[from - 1][x], grey[to][x]);
          } else if (line[i][x] || grey[i][x] >= INK) {
            grey[i][x] = 255;
          }
        }
      }
    }
    // Binarised: what is lighter than ink (anti-aliasing left by a line, a light watermark, paper
    // tone) becomes white, so nothing of a removed line is left for Tesseract's own threshold.
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        out.getRaster().setSample(x, y, 0, grey[y][x] >= INK ? 255 : grey[y][x]);
      }
    }
    return out;
  }
}
