package dev.dongchimi.importer;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.poi.hssf.record.crypto.Biff8EncryptionKey;
import org.apache.poi.hssf.usermodel.HSSFRow;
import org.apache.poi.hssf.usermodel.HSSFSheet;
import org.apache.poi.hssf.usermodel.HSSFWorkbook;
import org.apache.poi.poifs.filesystem.POIFSFileSystem;
import org.dhatim.fastexcel.VisibilityState;
import org.dhatim.fastexcel.Workbook;
import org.dhatim.fastexcel.Worksheet;

/** Workbooks generated for the tests: rows of String / Number / null cells. */
final class Sheets {
  private Sheets() {}

  static byte[] xlsx(List<Object[]> rows) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    write(out, rows);
    return out.toByteArray();
  }

  /** A named sheet of a workbook, hidden or not. */
  record Sheet(String name, boolean hidden, List<Object[]> rows) {}

  /** An xlsx of several sheets, in this order. */
  static byte[] xlsx(Sheet... sheets) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      Workbook wb = new Workbook(out, "test", "1.0");
      for (Sheet sheet : sheets) {
        Worksheet ws = wb.newWorksheet(sheet.name());
        if (sheet.hidden()) {
          ws.setVisibilityState(VisibilityState.HIDDEN);
        }
        fill(ws, sheet.rows());
      }
      wb.finish();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  static void write(OutputStream out, List<Object[]> rows) {
    try {
      Workbook wb = new Workbook(out, "test", "1.0");
      fill(wb.newWorksheet("Sheet1"), rows);
      wb.finish();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static void fill(Worksheet ws, List<Object[]> rows) throws IOException {
    for (int r = 0; r < rows.size(); r++) {
      Object[] row = rows.get(r);
      for (int c = 0; c < row.length; c++) {
        switch (row[c]) {
          case null -> {}
          case Number n -> ws.value(r, c, n);
          default -> ws.value(r, c, row[c].toString());
        }
      }
      if (r % 1000 == 999) {
        ws.flush();
      }
    }
  }

  /** A legacy .xls (BIFF8) of one sheet, written with POI's HSSF. */
  static byte[] xls(List<Object[]> rows) {
    return xls(new Sheet("Sheet1", false, rows));
  }

  /** A legacy .xls of several sheets; a cell "=..." becomes a formula. */
  static byte[] xls(Sheet... sheets) {
    try (HSSFWorkbook wb = new HSSFWorkbook()) {
      for (Sheet sheet : sheets) {
        HSSFSheet ws = wb.createSheet(sheet.name());
        if (sheet.hidden()) {
          wb.setSheetHidden(wb.getSheetIndex(ws), true);
        }
        for (int r = 0; r < sheet.rows().size(); r++) {
          Object[] row = sheet.rows().get(r);
          HSSFRow xlsRow = ws.createRow(r);
          for (int c = 0; c < row.length; c++) {
            if (row[c] instanceof Number n) {
              xlsRow.createCell(c).setCellValue(n.doubleValue());
            } else if (row[c] instanceof String f && f.startsWith("=")) {
              xlsRow.createCell(c).setCellFormula(f.substring(1));
            } else if (row[c] != null) {
              xlsRow.createCell(c).setCellValue(row[c].toString());
            }
          }
        }
      }
      // Formulas keep a cached result, as Excel saves them: evaluate before writing.
      wb.getCreationHelper().createFormulaEvaluator().evaluateAll();
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      wb.write(out);
      return out.toByteArray();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** An .xls with a password to open (RC4 CryptoAPI, as Excel writes it). */
  static byte[] encryptedXls(List<Object[]> rows) {
    Biff8EncryptionKey.setCurrentUserPassword("secret");
    try {
      return xls(rows);
    } finally {
      Biff8EncryptionKey.setCurrentUserPassword(null);
    }
  }

  /** A CSV of these rows (quoted where needed), in this charset, after these leading bytes. */
  static byte[] csv(List<Object[]> rows, char separator, Charset charset, byte... bom) {
    StringBuilder text = new StringBuilder();
    try (CSVPrinter printer =
        new CSVPrinter(
            text,
            CSVFormat.DEFAULT.builder().setDelimiter(separator).setRecordSeparator("\r\n").get())) {
      for (Object[] row : rows) {
        printer.printRecord((Object[]) row);
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    byte[] body = text.toString().getBytes(charset);
    byte[] out = java.util.Arrays.copyOf(bom, bom.length + body.length);
    System.arraycopy(body, 0, out, bom.length, body.length);
    return out;
  }

  static final byte[] UTF8_BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
  static final Charset MS949 = Charset.forName("x-windows-949");

  /** An OLE2 container with the given streams (name, content): Office's pre-2007 wrapper. */
  static byte[] ole2(String... namesAndContents) {
    try (POIFSFileSystem fs = new POIFSFileSystem()) {
      for (int i = 0; i < namesAndContents.length; i += 2) {
        fs.createDocument(
            new java.io.ByteArrayInputStream(
                namesAndContents[i + 1].getBytes(StandardCharsets.UTF_8)),
            namesAndContents[i]);
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      fs.writeFilesystem(out);
      return out.toByteArray();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** What Excel makes of a password-protected .xlsx: an OLE2 file with EncryptionInfo. */
  static byte[] encryptedXlsx() {
    return ole2(
        "EncryptionInfo", "\u0004\u0000\u0004\u0000agile", "EncryptedPackage", "x".repeat(600));
  }

  /** A Word 97-2003 document's shape: an OLE2 file with a WordDocument stream. */
  static byte[] wordDocument() {
    return ole2("WordDocument", "x".repeat(600), "1Table", "y".repeat(600));
  }

  /** A zip with the given entries (name, content), for bombs and broken files. */
  static byte[] zip(String... namesAndContents) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (ZipOutputStream zip = new ZipOutputStream(out)) {
      for (int i = 0; i < namesAndContents.length; i += 2) {
        zip.putNextEntry(new ZipEntry(namesAndContents[i]));
        zip.write(namesAndContents[i + 1].getBytes(StandardCharsets.UTF_8));
        zip.closeEntry();
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  /** An xlsx-shaped zip whose sheet inflates to {@code megabytes} of spaces. */
  static byte[] zipBomb(int megabytes) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (ZipOutputStream zip = new ZipOutputStream(out)) {
      zip.putNextEntry(new ZipEntry("xl/workbook.xml"));
      zip.write("<workbook/>".getBytes(StandardCharsets.UTF_8));
      zip.closeEntry();
      zip.putNextEntry(new ZipEntry("xl/worksheets/sheet1.xml"));
      byte[] block = new byte[1 << 20];
      java.util.Arrays.fill(block, (byte) ' ');
      for (int i = 0; i < megabytes; i++) {
        zip.write(block);
      }
      zip.closeEntry();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
