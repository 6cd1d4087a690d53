package dev.dongchimi.importer;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.poi.EncryptedDocumentException;
import org.apache.poi.hssf.OldExcelFormatException;
import org.apache.poi.hssf.eventusermodel.HSSFEventFactory;
import org.apache.poi.hssf.eventusermodel.HSSFListener;
import org.apache.poi.hssf.eventusermodel.HSSFRequest;
import org.apache.poi.hssf.eventusermodel.MissingRecordAwareHSSFListener;
import org.apache.poi.hssf.eventusermodel.dummyrecord.LastCellOfRowDummyRecord;
import org.apache.poi.hssf.record.BOFRecord;
import org.apache.poi.hssf.record.BoolErrRecord;
import org.apache.poi.hssf.record.BoundSheetRecord;
import org.apache.poi.hssf.record.CellValueRecordInterface;
import org.apache.poi.hssf.record.EOFRecord;
import org.apache.poi.hssf.record.FormulaRecord;
import org.apache.poi.hssf.record.LabelRecord;
import org.apache.poi.hssf.record.LabelSSTRecord;
import org.apache.poi.hssf.record.NumberRecord;
import org.apache.poi.hssf.record.Record;
import org.apache.poi.hssf.record.SSTRecord;
import org.apache.poi.hssf.record.StringRecord;
import org.apache.poi.poifs.filesystem.POIFSFileSystem;
import org.apache.poi.ss.usermodel.CellType;
import org.apache.poi.util.RecordFormatException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Streams a legacy .xls (BIFF8, Excel 97-2003, what many POS programs export) with POI's HSSF event
 * API, as POI's XLS2CSVmra example does: records are handed over one at a time, so memory does not
 * grow with the sheet (only the shared-string table is held, as for an .xlsx). Number formats are
 * ignored on purpose: numbers reach the parser raw, as {@link XlsxReader} gives them.
 */
final class XlsReader {
  private static final Logger log = LoggerFactory.getLogger(XlsReader.class);

  private XlsReader() {}

  static void read(Path file, SheetVisitor visitor) throws IOException {
    try (POIFSFileSystem fs = new POIFSFileSystem(file.toFile(), true)) {
      Listener listener = new Listener(visitor);
      HSSFRequest request = new HSSFRequest();
      // Marks the end of every row, so a row is complete without waiting for the next one.
      request.addListenerForAllRecords(new MissingRecordAwareHSSFListener(listener));
      new HSSFEventFactory().processWorkbookEvents(request, fs);
    } catch (EncryptedDocumentException e) {
      // An .xls with a password to open (RC4): POI tries Excel's default password and fails.
      throw new InvalidFileException(
          "ENCRYPTED_FILE",
          "the workbook is password-protected: open it in Excel, remove the password and upload"
              + " it again");
    } catch (OldExcelFormatException e) {
      throw WorkbookFormat.notAWorkbook(
          "the file is an Excel 5.0/95 workbook, too old to read: save it as .xlsx and upload it"
              + " again");
    } catch (RecordFormatException e) {
      log.info("an .xls could not be read: {}", e.toString());
      throw new InvalidFileException(
          "INVALID_FILE",
          "the .xls is damaged and cannot be read: open it in Excel, save it as .xlsx and upload it"
              + " again");
    }
  }

  /** Turns the record stream into sheets and rows for the visitor. */
  private static final class Listener implements HSSFListener {
    private final SheetVisitor visitor;
    private final List<BoundSheetRecord> boundSheets = new ArrayList<>();
    private BoundSheetRecord[] sheetsInFileOrder;
    private SSTRecord strings;
    private int depth; // BOF/EOF nesting: 1 in a sheet, 2 in a chart embedded in it
    private int sheetIndex = -1;
    private boolean started; // in a worksheet the visitor has started
    private boolean reading; // ... and whose rows it still wants
    private int rowIndex = -1;
    private List<SourceCell> cells = new ArrayList<>();
    private int stringFormulaColumn = -1; // a formula whose text result is the next StringRecord

    Listener(SheetVisitor visitor) {
      this.visitor = visitor;
    }

    @Override
    public void processRecord(Record record) {
      switch (record) {
        case BOFRecord bof -> begin(bof);
        case EOFRecord eof -> end();
        case BoundSheetRecord sheet -> boundSheets.add(sheet);
        case SSTRecord sst -> strings = sst;
        default -> {
          if (reading && depth == 1) {
            cell(record);
          }
        }
      }
    }

    private void begin(BOFRecord bof) {
      depth++;
      if (depth != 1 || bof.getType() == BOFRecord.TYPE_WORKBOOK) {
        return;
      }
      // Each top-level substream after the globals is the next sheet in file order.
      if (sheetsInFileOrder == null) {
        sheetsInFileOrder = BoundSheetRecord.orderByBofPosition(boundSheets);
      }
      sheetIndex++;
      if (bof.getType() != BOFRecord.TYPE_WORKSHEET || sheetIndex >= sheetsInFileOrder.length) {
        return; // a chart or macro sheet
      }
      BoundSheetRecord sheet = sheetsInFileOrder[sheetIndex];
      started =
          !visitor.finished()
              && visitor.startSheet(sheet.getSheetname(), sheet.isHidden() || sheet.isVeryHidden());
      reading = started;
    }

    private void end() {
      if (depth == 1 && started) {
        flush();
        started = false;
        reading = false;
        visitor.endSheet();
      }
      depth--;
    }

    private void cell(Record record) {
      switch (record) {
        case LastCellOfRowDummyRecord last -> {
          if (last.getRow() == rowIndex) {
            flush();
          }
        }
        case LabelSSTRecord r -> add(r, text(r, strings.getString(r.getSSTIndex()).getString()));
        case LabelRecord r -> add(r, text(r, r.getValue()));
        case NumberRecord r -> add(r, number(r, r.getValue()));
        case BoolErrRecord r -> {
          if (r.isBoolean()) {
            add(r, text(r, r.getBooleanValue() ? "TRUE" : "FALSE"));
          }
        }
        case FormulaRecord r -> {
          // Sheets are read for their values: a formula's cached result is the cell.
          if (r.hasCachedResultString()) {
            stringFormulaColumn = r.getColumn();
            rowIndex = startRow(r.getRow());
          } else if (r.getCachedResultTypeEnum() == CellType.NUMERIC) {
            add(r, number(r, r.getValue()));
          } else if (r.getCachedResultTypeEnum() == CellType.BOOLEAN) {
            add(r, text(r, r.getCachedBooleanValue() ? "TRUE" : "FALSE"));
          }
        }
        case StringRecord r -> {
          if (stringFormulaColumn >= 0) {
            cells.add(SourceCell.text(stringFormulaColumn, r.getString()));
            stringFormulaColumn = -1;
          }
        }
        default -> {}
      }
    }

    private static SourceCell text(CellValueRecordInterface r, String text) {
      return SourceCell.text(r.getColumn(), text);
    }

    private static SourceCell number(CellValueRecordInterface r, double value) {
      if (Double.isNaN(value) || Double.isInfinite(value)) {
        return SourceCell.text(r.getColumn(), "");
      }
      // Double.toString is the shortest text that reads back as the same double: 3280.0 → 3280,
      // 8.801115114154E12 → 8801115114154 (toPlainString), as Excel shows them.
      BigDecimal n = new BigDecimal(Double.toString(value)).stripTrailingZeros();
      if (n.scale() < 0) {
        n = n.setScale(0);
      }
      return new SourceCell(r.getColumn(), n.toPlainString(), n);
    }

    private void add(CellValueRecordInterface r, SourceCell cell) {
      rowIndex = startRow(r.getRow());
      if (!cell.text().isEmpty()) {
        cells.add(cell);
      }
    }

    /** The row a cell belongs to; a cell of another row first ends the current one. */
    private int startRow(int row) {
      if (row != rowIndex) {
        flush();
      }
      return row;
    }

    private void flush() {
      if (rowIndex >= 0 && reading) {
        // POI counts rows from 0; the mart sees Excel's row numbers, from 1.
        if (!visitor.row(new SourceRow(rowIndex + 1, cells))) {
          reading = false;
        }
      }
      rowIndex = -1;
      cells = new ArrayList<>();
    }
  }
}
