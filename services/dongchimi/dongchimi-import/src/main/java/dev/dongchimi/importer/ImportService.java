package dev.dongchimi.importer;

import dev.dongchimi.Catalog;
import dev.dongchimi.Problem;
import dev.platform.storage.ObjectStorage;
import dev.taskrow.core.ActiveTaskExistsException;
import dev.taskrow.core.ErrorCodes;
import dev.taskrow.core.NewTask;
import dev.taskrow.core.Task;
import dev.taskrow.spring.TaskrowTemplate;
import java.io.ByteArrayInputStream;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.transaction.support.TransactionTemplate;

/** Accepts uploads (store the file, then the import row and its task in one transaction). */
public class ImportService {
  public static final String KIND = "dongchimi.import";
  public static final String QUEUE = "import";

  private final Catalog catalog;
  private final ObjectStorage storage;
  private final TaskrowTemplate taskrow;
  private final ImportStore store;
  private final TransactionTemplate tx;
  private final ImportProperties properties;

  public ImportService(
      Catalog catalog,
      ObjectStorage storage,
      TaskrowTemplate taskrow,
      ImportStore store,
      TransactionTemplate tx,
      ImportProperties properties) {
    this.catalog = catalog;
    this.storage = storage;
    this.taskrow = taskrow;
    this.store = store;
    this.tx = tx;
    this.properties = properties;
  }

  /** An import and its task: the import row exists iff the task does. */
  public record Import(ImportStore.ImportRecord record, Task task) {}

  /** The refusals that need no file: 404/403 for the mart, 413 for the size. */
  public void checkUpload(long userId, long martId, long size) {
    catalog.ownedMart(martId, userId);
    if (size > properties.maxFileSize().toBytes()) {
      throw new Problem(
          HttpStatus.PAYLOAD_TOO_LARGE,
          "FILE_TOO_LARGE",
          "the file is larger than " + properties.maxFileSize().toMegabytes() + " MB");
    }
  }

  public Import upload(long userId, long martId, String fileName, byte[] bytes) {
    return upload(userId, martId, fileName, bytes, null);
  }

  /**
   * {@code period}: the sale period for rows with a sale price and no dates (the upload's form
   * fields; null: the sheet's title, else the mart's default).
   */
  public Import upload(long userId, long martId, String fileName, byte[] bytes, SalePeriod period) {
    checkUpload(userId, martId, bytes.length);
    WorkbookFormat format;
    try {
      // From the content, not the name: the worker detects it again from the stored bytes.
      format = WorkbookFormat.detect(bytes);
    } catch (InvalidFileException e) {
      throw Problem.invalid(e.code(), e.getMessage());
    }
    UUID id = UUID.randomUUID();
    String key = "dongchimi/imports/" + martId + "/" + id + "." + format.extension();
    storage.put(key, new ByteArrayInputStream(bytes), bytes.length, format.contentType());
    UUID taskId;
    try {
      taskId =
          tx.execute(
              s -> {
                // One import per mart at a time (the task's subject): two files applied at once
                // would race on the same products.
                UUID t =
                    taskrow.submit(
                        NewTask.of(KIND)
                            .subject("mart:" + martId)
                            .payload("{\"import\":\"" + id + "\"}"));
                store.insert(t, martId, userId, name(fileName, format), key, bytes.length, period);
                return t;
              });
    } catch (ActiveTaskExistsException e) {
      storage.delete(key); // nothing refers to it
      throw new Problem(
          HttpStatus.CONFLICT,
          "IMPORT_IN_PROGRESS",
          "an import of this mart is still running; upload again when it has finished");
    } catch (RuntimeException e) {
      storage.delete(key);
      throw e;
    }
    return find(userId, martId, taskId);
  }

  public Import find(long userId, long martId, UUID taskId) {
    catalog.ownedMart(martId, userId);
    // The task row first: its SUCCESS commits with the import's summary, so a final task read
    // first means the record read next has the summary. The other order could pair an APPLYING
    // record with a SUCCESS task, and a stream would end on a final event without its summary.
    Task task = task(taskId);
    ImportStore.ImportRecord record =
        store.find(martId, taskId).orElseThrow(() -> Problem.notFound("import " + taskId));
    return new Import(record, task);
  }

  public List<Import> list(long userId, long martId, int limit) {
    catalog.ownedMart(martId, userId);
    return store.ofMart(martId, limit).stream().map(r -> new Import(r, task(r.taskId()))).toList();
  }

  /**
   * The import's own failures explain themselves to the owner; the engine's safety-net codes carry
   * an exception's text (SQL, class names), kept in the task row and the log for operators.
   */
  public static String ownerMessage(Task t) {
    if (t.errorCode() == null) {
      return t.errorMessage();
    }
    return switch (t.errorCode()) {
      case ErrorCodes.UNKNOWN, ErrorCodes.TRANSIENT_DATABASE_ERROR ->
          "an unexpected error on our side; upload the file again later";
      default -> t.errorMessage();
    };
  }

  private Task task(UUID id) {
    try {
      Optional<Task> task = taskrow.engine().find(id);
      return task.orElseThrow(() -> Problem.notFound("import " + id));
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The longest sale period an upload may give, as the mart default's limit. */
  static final int MAX_SALE_DAYS = 92;

  /**
   * The upload's sale period from its form fields ("2026-12-01"), both or neither; null when
   * neither is given.
   */
  static SalePeriod uploadedPeriod(String start, String end) {
    boolean noStart = start == null || start.isBlank();
    boolean noEnd = end == null || end.isBlank();
    if (noStart && noEnd) {
      return null;
    }
    if (noStart || noEnd) {
      throw Problem.invalid(
          "INVALID_SALE_PERIOD", "give both sale_start and sale_end (yyyy-mm-dd), or neither");
    }
    java.time.LocalDate from;
    java.time.LocalDate to;
    try {
      from = java.time.LocalDate.parse(start.strip());
      to = java.time.LocalDate.parse(end.strip());
    } catch (java.time.format.DateTimeParseException e) {
      throw Problem.invalid("INVALID_SALE_PERIOD", "sale_start and sale_end are yyyy-mm-dd dates");
    }
    if (to.isBefore(from)) {
      throw Problem.invalid("INVALID_SALE_PERIOD", "sale_end is before sale_start");
    }
    if (java.time.temporal.ChronoUnit.DAYS.between(from, to) >= MAX_SALE_DAYS) {
      throw Problem.invalid(
          "INVALID_SALE_PERIOD", "a sale period is at most " + MAX_SALE_DAYS + " days");
    }
    return new SalePeriod(from, to, SalePeriod.Source.UPLOAD);
  }

  private static String name(String fileName, WorkbookFormat format) {
    if (fileName == null || fileName.isBlank()) {
      return "upload." + format.extension();
    }
    String n = fileName.replaceAll("[\\p{Cntrl}/\\\\]", "_").strip();
    return n.length() > 200 ? n.substring(0, 200) : n;
  }
}
