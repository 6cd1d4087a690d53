package dev.dungji.registry;

import static dev.dungji.registry.RegistryTasks.FILE_NOT_FOUND;
import static dev.dungji.registry.RegistryTasks.OCR_ENGINE_UNAVAILABLE;
import static dev.dungji.registry.RegistryTasks.OCR_FAILED;

import dev.dungji.ocr.OcrException;
import dev.dungji.ocr.PageOcr;
import dev.platform.storage.ObjectStorage;
import dev.taskrow.core.NewTask;
import dev.taskrow.core.TaskContext;
import dev.taskrow.core.TaskFailure;
import dev.taskrow.core.TaskHandler;
import java.io.IOException;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * The OCR worker (queue {@code ocr}): reads the issued PDF, takes each page's text layer or OCRs
 * it, and stores the text and the method per page on the file record, in the task's transaction.
 * Only transient storage errors are retried.
 */
public class OcrHandler implements TaskHandler {
  private final RegistryFiles files;
  private final ObjectStorage storage;
  private final PageOcr ocr;
  private final RegistryAnalyses analyses;

  /**
   * @param ocr the engine for pages without a text layer; null when none is configured
   */
  public OcrHandler(
      RegistryFiles files, ObjectStorage storage, PageOcr ocr, RegistryAnalyses analyses) {
    this.files = files;
    this.storage = storage;
    this.ocr = ocr;
    this.analyses = analyses;
  }

  @Override
  public void handle(TaskContext ctx) throws TaskFailure {
    RegistryFile file =
        files
            .byOcrTask(ctx.taskId())
            .orElseThrow(() -> TaskFailure.fatal(FILE_NOT_FOUND, "no file record for OCR task"));
    byte[] pdf = load(file.storageKey());
    List<PdfText.Page> pages;
    try {
      pages = PdfText.read(pdf, ocr);
    } catch (PdfText.EngineUnavailable e) {
      throw TaskFailure.fatal(OCR_ENGINE_UNAVAILABLE, e.getMessage(), e);
    } catch (IOException | OcrException e) {
      throw TaskFailure.fatal(OCR_FAILED, "could not read the PDF: " + e.getMessage(), e);
    }
    String text = pages.stream().map(PdfText.Page::text).collect(Collectors.joining("\n\f\n"));
    if (text.isBlank()) {
      throw TaskFailure.fatal(OCR_FAILED, "no text found on any page");
    }
    String pagesJson =
        pages.stream()
            .map(
                p ->
                    "{\"page\": "
                        + p.page()
                        + ", \"method\": \""
                        + p.method()
                        + "\", \"chars\": "
                        + p.text().length()
                        + "}")
            .collect(Collectors.joining(", ", "[", "]"));
    files.saveText(file.id(), text, pagesJson);
    // The analysis exists if and only if the OCR succeeded: created in this same transaction.
    UUID analysisTask =
        ctx.submit(
            NewTask.of(RegistryTasks.ANALYSIS_KIND)
                .subject(RegistryTasks.analysisSubject(file.nestId(), ctx.taskId()))
                .payload(Payloads.of("nest_id", file.nestId()))
                .parent(ctx.taskId()));
    analyses.insert(analysisTask, file.id(), file.nestId());
    ctx.result(
        "{\"file_id\": "
            + file.id()
            + ", \"page_count\": "
            + pages.size()
            + ", \"analysis_task_id\": \""
            + analysisTask
            + "\"}");
  }

  private byte[] load(String key) throws TaskFailure {
    return StoredPdfs.load(storage, key);
  }
}
