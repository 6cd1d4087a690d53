package dev.dongchimi.importer;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.poi.poifs.filesystem.DirectoryNode;
import org.apache.poi.poifs.filesystem.POIFSFileSystem;

/**
 * The formats an upload may have, told apart by content, never by the file name (marts rename
 * files, and POS programs write .xls names on other formats): a zip is an .xlsx (checked further by
 * {@link XlsxGuard}); an OLE2 container is an .xls when it holds a {@code Workbook} stream, a
 * password-protected Office file when it holds {@code EncryptionInfo} (what Excel makes of an .xlsx
 * with a password), and otherwise another Office document (a .doc); text is a .csv (its encoding
 * and separator are {@link CsvReader}'s business); other binary content and HTML/XML are refused.
 */
public enum WorkbookFormat {
  XLSX("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
  XLS("xls", "application/vnd.ms-excel"),
  CSV("csv", "text/csv");

  static final String NOT_A_WORKBOOK = "NOT_A_WORKBOOK";
  private static final int HEAD = 8 * 1024; // enough to tell text from binary
  private static final byte[] OLE2 = {
    (byte) 0xD0, (byte) 0xCF, 0x11, (byte) 0xE0, (byte) 0xA1, (byte) 0xB1, 0x1A, (byte) 0xE1
  };

  private final String extension;
  private final String contentType;

  WorkbookFormat(String extension, String contentType) {
    this.extension = extension;
    this.contentType = contentType;
  }

  /** The file name extension of a stored upload. */
  public String extension() {
    return extension;
  }

  public String contentType() {
    return contentType;
  }

  /** The format of an upload held in memory; throws {@link InvalidFileException} for the rest. */
  public static WorkbookFormat detect(byte[] bytes) {
    try {
      return detect(
          Arrays.copyOf(bytes, Math.min(HEAD, bytes.length)),
          () -> new POIFSFileSystem(new ByteArrayInputStream(bytes)));
    } catch (IOException e) {
      throw new IllegalStateException(e); // no I/O on a byte array
    }
  }

  /** The format of a stored upload; throws {@link InvalidFileException} for the rest. */
  public static WorkbookFormat detect(Path file) throws IOException {
    byte[] head;
    try (InputStream in = Files.newInputStream(file)) {
      head = in.readNBytes(HEAD);
    }
    return detect(head, () -> new POIFSFileSystem(file.toFile(), true));
  }

  private interface Ole2Opener {
    POIFSFileSystem open() throws IOException;
  }

  private static WorkbookFormat detect(byte[] head, Ole2Opener ole2) throws IOException {
    if (head.length == 0) {
      throw notAWorkbook("the file is empty");
    }
    if (head.length >= 4 && head[0] == 'P' && head[1] == 'K' && head[2] == 3 && head[3] == 4) {
      return XLSX;
    }
    if (head.length >= OLE2.length && Arrays.equals(head, 0, OLE2.length, OLE2, 0, OLE2.length)) {
      Set<String> entries;
      try (POIFSFileSystem fs = ole2.open()) {
        DirectoryNode root = fs.getRoot();
        // OLE2 entry names are case-insensitive; writers other than Excel spell them differently.
        entries =
            root.getEntryNames().stream()
                .map(n -> n.toLowerCase(Locale.ROOT))
                .collect(Collectors.toSet());
      } catch (IOException | RuntimeException e) {
        throw notAWorkbook("the file looks like an Office document but cannot be read");
      }
      if (entries.contains("encryptioninfo")) {
        throw new InvalidFileException(
            "ENCRYPTED_FILE",
            "the workbook is password-protected: open it in Excel, remove the password"
                + " (File > Info > Protect Workbook > Encrypt with Password) and upload it again");
      }
      if (entries.contains("workbook")) {
        return XLS;
      }
      if (entries.contains("book")) {
        throw notAWorkbook(
            "the file is an Excel 5.0/95 workbook, too old to read: save it as .xlsx and upload it"
                + " again");
      }
      throw notAWorkbook(
          "the file is an Office document but not a workbook (a Word or PowerPoint file?)");
    }
    return text(head);
  }

  /** Text is a CSV; binary content, PDFs and web pages are not. */
  private static WorkbookFormat text(byte[] head) {
    if (CsvReader.utf16(head) != null) {
      return CSV; // Excel's "Unicode text": UTF-16 with a byte order mark, tab-separated
    }
    int controls = 0;
    for (byte b : head) {
      if (b == 0) {
        throw notAWorkbook("the file is not an .xlsx, .xls or .csv file");
      }
      if (b >= 0 && b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f') {
        controls++;
      }
    }
    if (controls * 20 > head.length) {
      throw notAWorkbook("the file is not an .xlsx, .xls or .csv file");
    }
    String start =
        new String(head, 0, Math.min(head.length, 64), StandardCharsets.ISO_8859_1)
            .replace("\u00ef\u00bb\u00bf", "") // a UTF-8 byte order mark
            .stripLeading()
            .toLowerCase(Locale.ROOT);
    if (start.startsWith("%pdf")) {
      throw notAWorkbook("the file is a PDF: upload the products as .xlsx, .xls or .csv");
    }
    if (start.startsWith("<html")
        || start.startsWith("<!doctype")
        || start.startsWith("<?xml")
        || start.startsWith("<table")) {
      // Some programs save a web page or Excel 2003 XML under an .xls name; Excel opens them.
      throw notAWorkbook(
          "the file is a web page or XML, not a workbook: open it in Excel and save it as .xlsx");
    }
    return CSV;
  }

  static InvalidFileException notAWorkbook(String message) {
    return new InvalidFileException(NOT_A_WORKBOOK, message);
  }
}
