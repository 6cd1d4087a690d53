package dev.taskrow.dongchimi.importer;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
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
 * with a password), and otherwise another Office document (a .doc).
 */
public enum WorkbookFormat {
  XLSX("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
  XLS("xls", "application/vnd.ms-excel");

  static final String NOT_A_WORKBOOK = "NOT_A_WORKBOOK";
  private static final int HEAD = 8;
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
    if (Arrays.equals(head, OLE2)) {
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
    throw notAWorkbook("the file is not an .xlsx or .xls workbook");
  }

  static InvalidFileException notAWorkbook(String message) {
    return new InvalidFileException(NOT_A_WORKBOOK, message);
  }
}
