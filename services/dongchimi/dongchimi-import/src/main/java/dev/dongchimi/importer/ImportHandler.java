package dev.dongchimi.importer;

import dev.dongchimi.Catalog;
import dev.dongchimi.MartNotFoundException;
import dev.dongchimi.Problem;
import dev.dongchimi.ProductInput;
import dev.dongchimi.ai.AiRefusedException;
import dev.platform.storage.ObjectNotFoundException;
import dev.platform.storage.ObjectStorage;
import dev.platform.storage.StorageException;
import dev.taskrow.core.TaskContext;
import dev.taskrow.core.TaskFailure;
import dev.taskrow.core.TaskHandler;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One attempt of an import, always from the original file: parse, analyse, then apply every product
 * in the task's transaction (the one that records SUCCESS, fenced). Nothing is written before the
 * apply, so a failed or fenced attempt leaves the catalog as it was.
 */
public class ImportHandler implements TaskHandler {
  private static final Logger log = LoggerFactory.getLogger(ImportHandler.class);

  private final ImportStore store;
  private final SheetPictureStore sheetPictures;
  private final ObjectStorage storage;
  private final Analyser analyser;
  private final Catalog catalog;
  private final ImportProperties properties;
  private final ZoneId zone;
  private final ImportPictures pictures;

  public ImportHandler(
      ImportStore store,
      SheetPictureStore sheetPictures,
      ObjectStorage storage,
      Analyser analyser,
      Catalog catalog,
      ImportProperties properties,
      ZoneId zone,
      ImportPictures pictures) {
    this.store = store;
    this.sheetPictures = sheetPictures;
    this.storage = storage;
    this.analyser = analyser;
    this.catalog = catalog;
    this.properties = properties;
    this.zone = zone;
    this.pictures = pictures;
  }

  @Override
  public void handle(TaskContext ctx) throws Exception {
    UUID id = ctx.taskId();
    ImportStore.ImportRecord record =
        store
            .find(id)
            .orElseThrow(() -> TaskFailure.fatal("INVALID_FILE", "no import record for " + id));
    store.phase(id, "PARSING");
    ctx.progress(0, 0);
    Path file = Files.createTempFile("dongchimi-import-", ".upload");
    try {
      download(record.fileKey(), file);
      SheetParser.Parsed parsed;
      try {
        // Detected again from the stored bytes, never trusted from the upload's name or key.
        WorkbookFormat format = WorkbookFormat.detect(file);
        if (format == WorkbookFormat.XLSX) {
          XlsxGuard.check(file, properties); // zip and XML bombs before any XML parser runs
        }
        LocalDate today = LocalDate.ofInstant(ctx.now(), zone);
        parsed =
            new SheetParser(
                    properties.maxRows(),
                    today,
                    record.uploadedPeriod(),
                    SalePeriod.martDefault(today, properties.defaultSaleDays()))
                .parse(file, format);
      } catch (InvalidFileException e) {
        throw TaskFailure.fatal(e.code(), e.getMessage());
      } catch (IOException | RuntimeException e) {
        // The owner gets what to do; the cause (library internals) is for the log.
        log.warn("import {}: the workbook cannot be read", id, e);
        throw TaskFailure.fatal(
            "INVALID_FILE",
            "the workbook cannot be read: open it in Excel, save it as .xlsx and upload it again");
      }
      if (!parsed.errors().isEmpty()) {
        store.rowErrors(id, parsed.errors());
        throw TaskFailure.fatal(
            "ROW_ERRORS",
            parsed.errors().size() + " invalid row(s); fix the sheet and upload it again");
      }
      if (parsed.rows().isEmpty()) {
        throw TaskFailure.fatal("INVALID_FILE", "the sheet holds no product rows");
      }

      store.phase(id, "ANALYSING");
      Map<String, Analyser.Item> items = new LinkedHashMap<>();
      for (SheetRow row : parsed.rows()) {
        items.putIfAbsent(
            row.name().matchKey(), new Analyser.Item(row.name().matchKey(), row.name().baseName()));
      }
      int total = items.size();
      ctx.progress(0, total);
      Map<String, Analyser.Analysis> analysis;
      try {
        analysis =
            analyser.analyse(
                items.values(),
                done -> ctx.progress(done, total),
                () -> ctx.isLeaseLost() || ctx.isCancellationRequested());
      } catch (AiUnavailableException e) {
        TaskFailure failure = TaskFailure.retryable("AI_UNAVAILABLE", e.getMessage(), e);
        throw e.retryAfter() == null ? failure : failure.retryAfter(e.retryAfter());
      } catch (AiRefusedException e) {
        throw TaskFailure.fatal("AI_REFUSED", e.getMessage());
      }
      if (ctx.isCancellationRequested()) {
        throw TaskFailure.cancelled();
      }
      if (ctx.isLeaseLost()) {
        throw TaskFailure.retryable("LEASE_LOST", "another worker owns the import now");
      }

      // The sheet's own pictures, before the transaction's writes: objects under keys fixed by
      // job and row, so a retry overwrites what a failed attempt left.
      Map<String, SheetPictureBytes> pasted = new LinkedHashMap<>();
      List<SheetPictureStore.Stored> stored =
          storePictures(record, file, parsed.pictures(), pasted);
      // Pictures are downloaded and stored before the transaction; assigned within it. A picture
      // pasted in a product's row is that product's photo.
      ImportPictures.Result kept = pictures.forRows(parsed.rows(), analysis, pasted);

      store.phase(id, "APPLYING");
      List<ProductInput> inputs = new ArrayList<>(parsed.rows().size());
      for (SheetRow row : parsed.rows()) {
        Analyser.Analysis a = analysis.get(row.name().matchKey());
        // The matched URL is not stored as the product's image: only a kept picture is shown.
        inputs.add(row.withCategory(a.category().name(), null));
      }
      Catalog.Upserted upserted;
      try {
        // Joins the task's transaction: the products commit with the SUCCESS, or not at all.
        upserted = catalog.upsertCounted(record.martId(), inputs);
        pictures.assign(record.martId(), kept);
      } catch (MartNotFoundException gone) { // deleted since the upload
        throw TaskFailure.fatal("MART_NOT_FOUND", gone.getMessage());
      } catch (Problem invalid) { // a row the parser let through but the catalog refuses
        throw TaskFailure.fatal("INVALID_FILE", invalid.getMessage());
      }
      ImportStore.Summary summary =
          new ImportStore.Summary(
              upserted.created(),
              upserted.updated(),
              upserted.unchanged(),
              parsed.dataRows(),
              parsed.duplicates(),
              kept.warnings(),
              parsed.assumedPeriod());
      sheetPictures.record(id, record.martId(), stored);
      store.done(id, summary);
      ctx.progress(total, total);
      ctx.result(ImportStore.JSON.writeValueAsString(summary));
    } finally {
      Files.deleteIfExists(file);
    }
  }

  /**
   * Each picture anchored in a product row, stored as {@code
   * dongchimi/imports/{martId}/{jobId}/pictures/row-{row}.{ext}}; a picture that cannot be read is
   * skipped (never a reason to fail the import). The first picture of each product goes into {@code
   * pasted}, to become its photo.
   */
  private List<SheetPictureStore.Stored> storePictures(
      ImportStore.ImportRecord record,
      Path file,
      List<SheetParser.RowPicture> rowPictures,
      Map<String, SheetPictureBytes> pasted)
      throws TaskFailure {
    List<SheetPictureStore.Stored> stored = new ArrayList<>();
    for (SheetParser.RowPicture p : rowPictures) {
      byte[] bytes;
      try {
        bytes = XlsxSheetParts.bytes(file, p.picture());
      } catch (IOException e) {
        log.warn("import {}: the picture of row {} cannot be read", record.taskId(), p.row(), e);
        continue;
      }
      if (bytes == null || bytes.length == 0) {
        continue;
      }
      String type = p.picture().contentType();
      String key =
          "dongchimi/imports/"
              + record.martId()
              + "/"
              + record.taskId()
              + "/pictures/row-"
              + p.row()
              + "."
              + type.substring(type.indexOf('/') + 1);
      try {
        storage.put(key, new java.io.ByteArrayInputStream(bytes), bytes.length, type);
      } catch (StorageException | UncheckedIOException e) {
        throw TaskFailure.retryable("STORAGE_UNAVAILABLE", "storage: " + e.getMessage(), e)
            .retryAfter(Duration.ofSeconds(5));
      }
      stored.add(new SheetPictureStore.Stored(p.row(), p.productKey(), key, type, bytes.length));
      pasted.putIfAbsent(p.productKey(), new SheetPictureBytes(p.row(), bytes));
    }
    return stored;
  }

  private void download(String key, Path file) throws TaskFailure {
    try (InputStream in = storage.get(key)) {
      Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
    } catch (ObjectNotFoundException e) {
      throw TaskFailure.fatal("FILE_NOT_FOUND", "the uploaded file is gone: " + key);
    } catch (StorageException | IOException | UncheckedIOException e) {
      throw TaskFailure.retryable("STORAGE_UNAVAILABLE", "storage: " + e.getMessage(), e)
          .retryAfter(Duration.ofSeconds(5));
    }
  }
}
