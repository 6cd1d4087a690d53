package dev.dungji.ocr;

/** The OCR engine failed. */
public class OcrException extends RuntimeException {
  public OcrException(String message, Throwable cause) {
    super(message, cause);
  }
}
