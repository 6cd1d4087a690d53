package dev.app.dungji;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The {@code dungji.ocr.*} properties: the OCR engine that reads certificate pages without a text
 * layer. Checked when the application starts.
 *
 * @param tesseract the Tesseract command line, the only engine
 */
@ConfigurationProperties("dungji.ocr")
@Validated
public record OcrProperties(@DefaultValue @Valid Tesseract tesseract) {

  /**
   * {@code dungji.ocr.tesseract.*}. When the command is not installed the app still starts (with a
   * WARN) and a scanned page fails OCR_ENGINE_UNAVAILABLE.
   *
   * @param enabled false: no OCR engine at all (scanned pages fail OCR_ENGINE_UNAVAILABLE)
   * @param command the tesseract executable, by name on the PATH or by path
   * @param language the trained data to read with ({@code kor}: Korean)
   * @param psm Tesseract's page segmentation mode (0–13; 6: one uniform block of text)
   * @param timeout one page at most, then the process is killed
   */
  public record Tesseract(
      @DefaultValue("true") boolean enabled,
      @DefaultValue("tesseract") @NotBlank String command,
      @DefaultValue("kor") @NotBlank String language,
      @DefaultValue("6") @Min(0) @Max(13) int psm,
      @DefaultValue("2m") @NotNull @DurationMin(millis = 1) Duration timeout) {}
}
