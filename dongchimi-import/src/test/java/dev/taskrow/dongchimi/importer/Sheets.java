package dev.taskrow.dongchimi.importer;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
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
