package dev.dungji.ocr;

import java.awt.image.BufferedImage;

/**
 * Reads the text of one page image (rendered at 300 dpi). Adapter: the Tesseract command line.
 * Pages that have a text layer never come here.
 */
public interface PageOcr {

  /**
   * Whether the engine can run on this machine now (e.g. the tesseract binary and its kor data).
   */
  boolean available();

  /** A short description for logs and errors, e.g. "tesseract 5.3.0 (kor, psm 6)". */
  String describe();

  /**
   * The page's text.
   *
   * @throws OcrException when the engine fails on this page
   */
  String read(BufferedImage page);
}
