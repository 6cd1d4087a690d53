package dev.dungji.register;

/**
 * One line of a certificate as read.
 *
 * @param text the line's text
 * @param page 1-based
 * @param ocr read by OCR (not from a text layer): fields from it are less certain
 * @param struck a red line is drawn through it; null when that cannot be known (OCR, text only)
 */
public record Line(String text, int page, boolean ocr, Boolean struck) {
  public Line {
    text = text == null ? "" : text;
  }
}
