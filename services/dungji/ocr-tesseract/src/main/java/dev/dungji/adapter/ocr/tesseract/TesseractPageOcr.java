package dev.dungji.adapter.ocr.tesseract;

import dev.dungji.ocr.OcrException;
import dev.dungji.ocr.PageOcr;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;

/**
 * OCR through the {@code tesseract} command: {@code -l kor --psm 6 --dpi 300} by default. With the
 * default page segmentation (psm 3) Korean registry pages come out as garbage; psm 6 (one uniform
 * block of text) reads them almost perfectly (TOOLCHAIN.md). Before Tesseract sees the page, its
 * long horizontal lines (table rules, strike-through) are removed ({@link RuleRemover}): a line
 * through a row of text made Tesseract garble that row and often its neighbours.
 */
public final class TesseractPageOcr implements PageOcr {
  private final String command;
  private final String language;
  private final int psm;
  private final Duration timeout;
  private final int ruleRun;
  private volatile Boolean available;

  public TesseractPageOcr(String command, String language, int psm, Duration timeout) {
    this(command, language, psm, timeout, DEFAULT_RULE_RUN);
  }

  /**
   * @param ruleRun horizontal lines at least this long (pixels at 300 dpi) are removed before OCR;
   *     0 keeps the page as it is
   */
  public TesseractPageOcr(String command, String language, int psm, Duration timeout, int ruleRun) {
    this.command = command;
    this.language = language;
    this.psm = psm;
    this.timeout = timeout;
    this.ruleRun = ruleRun;
  }

  /** Half an inch at 300 dpi: longer than any run of ink in a word of 9.5 pt text. */
  public static final int DEFAULT_RULE_RUN = 150;

  public static TesseractPageOcr defaults() {
    return new TesseractPageOcr("tesseract", "kor", 6, Duration.ofMinutes(2));
  }

  /** Runs {@code tesseract --list-langs} once: the binary must run and know the language. */
  @Override
  public boolean available() {
    Boolean known = available;
    if (known == null) {
      known = probe();
      available = known;
    }
    return known;
  }

  private boolean probe() {
    try {
      Result r = run(List.of(command, "--list-langs"), Duration.ofSeconds(20));
      return r.exit() == 0 && r.stdout().lines().anyMatch(l -> l.strip().equals(language));
    } catch (IOException | OcrException e) {
      return false;
    }
  }

  @Override
  public String describe() {
    return command
        + " ("
        + language
        + ", psm "
        + psm
        + (ruleRun > 0 ? ", rules of " + ruleRun + " px removed, binarised" : "")
        + ")";
  }

  @Override
  public String read(BufferedImage page) {
    Path png = null;
    try {
      png = Files.createTempFile("ocr-page-", ".png");
      ImageIO.write(ruleRun > 0 ? RuleRemover.clean(page, ruleRun) : page, "png", png.toFile());
      Result r =
          run(
              List.of(
                  command,
                  png.toString(),
                  "stdout",
                  "-l",
                  language,
                  "--psm",
                  Integer.toString(psm),
                  "--dpi",
                  "300"),
              timeout);
      if (r.exit() != 0) {
        throw new OcrException("tesseract exited with " + r.exit() + ": " + r.stderr(), null);
      }
      return r.stdout();
    } catch (IOException e) {
      throw new OcrException("cannot run " + command + ": " + e.getMessage(), e);
    } finally {
      if (png != null) {
        try {
          Files.deleteIfExists(png);
        } catch (IOException ignored) {
          // a temporary file
        }
      }
    }
  }

  private record Result(int exit, String stdout, String stderr) {}

  private static Result run(List<String> argv, Duration timeout) throws IOException {
    Path err = Files.createTempFile("ocr-stderr-", ".txt");
    try {
      ProcessBuilder builder =
          new ProcessBuilder(new ArrayList<>(argv)).redirectError(err.toFile());
      // One thread per tesseract: with OpenMP's default (a thread per core) on 2 shared cores a
      // scanned register took about 60 s, with one thread about 8 s (the threads of LSTM
      // recognition contend for the cores others are using).
      builder.environment().putIfAbsent("OMP_THREAD_LIMIT", "1");
      Process process = builder.start();
      process.getOutputStream().close();
      byte[] out;
      try (var stdout = process.getInputStream()) {
        out = stdout.readAllBytes();
      }
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        throw new OcrException(argv.get(0) + " timed out after " + timeout, null);
      }
      return new Result(
          process.exitValue(),
          new String(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new OcrException("interrupted", e);
    } finally {
      Files.deleteIfExists(err);
    }
  }
}
