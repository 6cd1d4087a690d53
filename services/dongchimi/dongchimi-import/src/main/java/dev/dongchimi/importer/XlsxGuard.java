package dev.dongchimi.importer;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/**
 * Checks an .xlsx upload ({@link WorkbookFormat} told it from the other formats) before any XML
 * parser sees it: by inflating every entry and counting real bytes, not trusting the headers — zip
 * bombs (total size, compression ratio, entry count) and XML bombs (any DTD is refused: a sheet
 * never needs one, entity expansion always does).
 */
public final class XlsxGuard {
  static final int MAX_ENTRIES = 10_000;
  private static final long RATIO_FLOOR = 1 << 20;
  private static final byte[] DOCTYPE = "<!DOCTYPE".getBytes(StandardCharsets.US_ASCII);

  private XlsxGuard() {}

  private static void checkMagic(byte[] head) {
    if (head.length < 4 || head[0] != 'P' || head[1] != 'K' || head[2] != 3 || head[3] != 4) {
      throw WorkbookFormat.notAWorkbook("the file is not an .xlsx workbook");
    }
  }

  public static void check(Path file, ImportProperties limits) throws IOException {
    byte[] head = new byte[8];
    try (InputStream in = Files.newInputStream(file)) {
      head = in.readNBytes(8);
    }
    checkMagic(head);
    long total = 0;
    int entries = 0;
    boolean workbook = false;
    try (ZipFile zip = new ZipFile(file.toFile())) {
      Enumeration<? extends ZipEntry> all = zip.entries();
      byte[] buffer = new byte[64 * 1024];
      while (all.hasMoreElements()) {
        ZipEntry entry = all.nextElement();
        if (++entries > MAX_ENTRIES) {
          throw bomb("more than " + MAX_ENTRIES + " entries");
        }
        workbook |= entry.getName().equals("xl/workbook.xml");
        boolean xml = entry.getName().endsWith(".xml") || entry.getName().endsWith(".rels");
        long compressed = Math.max(1, entry.getCompressedSize());
        long size = 0;
        int matched = 0;
        try (InputStream in = zip.getInputStream(entry)) {
          for (int n; (n = in.read(buffer)) > 0; ) {
            size += n;
            total += n;
            if (total > limits.maxUncompressedSize().toBytes()) {
              throw bomb("it inflates past " + limits.maxUncompressedSize().toMegabytes() + " MB");
            }
            if (size > RATIO_FLOOR && size / compressed > limits.maxCompressionRatio()) {
              throw bomb(
                  entry.getName()
                      + " inflates more than "
                      + limits.maxCompressionRatio()
                      + " times");
            }
            if (xml) {
              matched = scanDoctype(buffer, n, matched);
              if (matched == DOCTYPE.length) {
                throw new InvalidFileException(
                    "XML_BOMB", entry.getName() + " declares a DTD; workbooks never need one");
              }
            }
          }
        }
      }
    } catch (ZipException e) {
      throw WorkbookFormat.notAWorkbook("the file is not a readable .xlsx: " + e.getMessage());
    }
    if (!workbook) {
      throw WorkbookFormat.notAWorkbook("the zip holds no xl/workbook.xml: not an .xlsx");
    }
  }

  /** Case-insensitive search for "<!DOCTYPE", carried across buffer boundaries. */
  private static int scanDoctype(byte[] buffer, int length, int matched) {
    for (int i = 0; i < length && matched < DOCTYPE.length; i++) {
      byte b = buffer[i];
      byte want = DOCTYPE[matched];
      if (b == want || (want >= 'A' && want <= 'Z' && b == want + 32)) {
        matched++;
      } else {
        matched = (b == '<') ? 1 : 0;
      }
    }
    return matched;
  }

  private static InvalidFileException bomb(String why) {
    return new InvalidFileException("ZIP_BOMB", "the file looks like a zip bomb: " + why);
  }
}
