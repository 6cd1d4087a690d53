package dev.dongchimi.importer;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Streams a .csv as one sheet of text cells. The encoding: a byte order mark says UTF-8 or UTF-16
 * (Excel's "Unicode text"); without one, a file that is valid UTF-8 is UTF-8 and anything else is
 * MS949, which Korean Excel writes when it saves "CSV". The separator (comma, tab or semicolon) is
 * the one that splits a line near the top into a recognisable header.
 */
final class CsvReader {
  /** What Korean Windows calls ANSI: CP949, a superset of EUC-KR. */
  static final Charset MS949 = Charset.forName("x-windows-949");

  static final String SHEET_NAME = "CSV";
  private static final char[] SEPARATORS = {',', '\t', ';'};
  private static final byte[] UTF8_BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

  private CsvReader() {}

  static void read(Path file, SheetVisitor visitor) throws IOException {
    Charset charset = charset(file);
    char separator = separator(file, charset);
    if (!visitor.startSheet(SHEET_NAME, false)) {
      return;
    }
    CSVFormat format =
        CSVFormat.DEFAULT
            .builder()
            .setDelimiter(separator)
            // Blank lines stay records, so record numbers are the row numbers Excel shows.
            .setIgnoreEmptyLines(false)
            .get();
    try (Reader reader = open(file, charset);
        CSVParser parser = CSVParser.builder().setReader(reader).setFormat(format).get()) {
      for (CSVRecord record : parser) {
        int columns = Math.min(record.size(), SourceCell.MAX_COLUMNS);
        List<SourceCell> cells = new ArrayList<>(columns);
        for (int i = 0; i < columns; i++) {
          SourceCell cell = SourceCell.text(i, excelText(record.get(i)));
          if (!cell.text().isEmpty()) {
            cells.add(cell);
          }
        }
        if (!visitor.row(new SourceRow((int) record.getRecordNumber(), cells))) {
          break;
        }
      }
    } catch (UncheckedIOException e) {
      // commons-csv reports a malformed quote this way while iterating.
      throw new InvalidFileException(
          "INVALID_FILE", "the CSV cannot be read: " + e.getCause().getMessage());
    }
    visitor.endSheet();
  }

  /** ="0880123456789": how Excel users keep leading zeros in a CSV; the value is inside. */
  private static String excelText(String value) {
    if (value.length() >= 3 && value.startsWith("=\"") && value.endsWith("\"")) {
      return value.substring(2, value.length() - 1);
    }
    return value;
  }

  /** UTF-16 when the head starts with its byte order mark, else null. */
  static Charset utf16(byte[] head) {
    if (head.length >= 2
        && ((head[0] == (byte) 0xFF && head[1] == (byte) 0xFE)
            || (head[0] == (byte) 0xFE && head[1] == (byte) 0xFF))) {
      return StandardCharsets.UTF_16; // reads the mark and the byte order from it
    }
    return null;
  }

  static Charset charset(Path file) throws IOException {
    byte[] head;
    try (InputStream in = Files.newInputStream(file)) {
      head = in.readNBytes(3);
    }
    Charset utf16 = utf16(head);
    if (utf16 != null) {
      return utf16;
    }
    if (Arrays.equals(head, UTF8_BOM)) {
      return StandardCharsets.UTF_8;
    }
    return isUtf8(file) ? StandardCharsets.UTF_8 : MS949;
  }

  /** Whether the whole file decodes as UTF-8, checked in chunks (memory stays flat). */
  private static boolean isUtf8(Path file) throws IOException {
    CharsetDecoder decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.allocate(64 * 1024);
    CharBuffer out = CharBuffer.allocate(64 * 1024);
    try (InputStream stream = Files.newInputStream(file)) {
      while (true) {
        int n = stream.read(in.array(), in.position(), in.remaining());
        boolean end = n < 0;
        if (!end) {
          in.position(in.position() + n);
        }
        in.flip();
        if (decoder.decode(in, out, end).isError()) {
          return false;
        }
        if (end) {
          return !decoder.flush(out).isError();
        }
        in.compact(); // keeps a character split across chunks for the next round
        out.clear();
      }
    } catch (CharacterCodingException e) {
      return false;
    }
  }

  /**
   * The separator that splits a line among the first rows into a header; when none does, the one
   * seen most on the first non-blank line (the parser then reports the missing header).
   */
  static char separator(Path file, Charset charset) throws IOException {
    String first = null;
    try (BufferedReader lines = new BufferedReader(open(file, charset))) {
      int nonBlank = 0;
      for (String line;
          (line = lines.readLine()) != null && nonBlank < SheetParser.HEADER_SEARCH_ROWS; ) {
        if (line.isBlank()) {
          continue;
        }
        nonBlank++;
        first = first == null ? line : first;
        for (char separator : SEPARATORS) {
          if (SheetHeader.isHeader(split(line, separator))) {
            return separator;
          }
        }
      }
    }
    char best = ',';
    long most = -1;
    for (char separator : SEPARATORS) {
      long count = first == null ? 0 : first.chars().filter(c -> c == separator).count();
      if (count > most) {
        best = separator;
        most = count;
      }
    }
    return best;
  }

  /** A header line split naively: header names hold no separators, quotes are dropped. */
  private static List<String> split(String line, char separator) {
    List<String> parts = new ArrayList<>();
    String[] split =
        line.split(Pattern.quote(String.valueOf(separator)), SourceCell.MAX_COLUMNS + 1);
    for (String part : split) {
      parts.add(part.replace("\"", ""));
    }
    return parts;
  }

  private static Reader open(Path file, Charset charset) throws IOException {
    InputStream in = Files.newInputStream(file);
    if (charset.equals(StandardCharsets.UTF_8)) {
      // Java's UTF-8 decoder keeps a byte order mark as a character: skip it.
      in = new BufferedInputStream(in);
      in.mark(3);
      if (!Arrays.equals(in.readNBytes(3), UTF8_BOM)) {
        in.reset();
      }
    }
    return new LineLimit(
        new InputStreamReader(
            in,
            charset
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE)));
  }

  /** The longest line read: a real product row is a few hundred characters. */
  static final int MAX_LINE = 1 << 20;

  /**
   * Refuses a line longer than {@link #MAX_LINE}: one line of a 10 MB file could otherwise hold
   * millions of fields, all in memory at once while the record is parsed.
   */
  private static final class LineLimit extends java.io.FilterReader {
    private int sinceNewline;

    LineLimit(Reader in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int c = super.read();
      count(c);
      return c;
    }

    @Override
    public int read(char[] buffer, int offset, int length) throws IOException {
      int n = super.read(buffer, offset, length);
      for (int i = 0; i < n; i++) {
        count(buffer[offset + i]);
      }
      return n;
    }

    private void count(int c) {
      if (c == '\n') {
        sinceNewline = 0;
      } else if (c >= 0 && ++sinceNewline > MAX_LINE) {
        throw new InvalidFileException(
            "INVALID_FILE", "a line of the CSV is longer than " + MAX_LINE + " characters");
      }
    }
  }
}
