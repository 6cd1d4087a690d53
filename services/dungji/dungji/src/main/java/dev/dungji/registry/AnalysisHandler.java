package dev.dungji.registry;

import static dev.dungji.registry.RegistryTasks.FILE_NOT_FOUND;
import static dev.dungji.registry.RegistryTasks.PARSE_FAILED;
import static dev.dungji.registry.RegistryTasks.TEXT_MISSING;

import dev.dungji.register.Line;
import dev.dungji.register.NotARegisterException;
import dev.dungji.register.ParsedRegister;
import dev.dungji.register.RegisterParser;
import dev.dungji.register.StrikeReader;
import dev.platform.storage.ObjectStorage;
import dev.taskrow.core.TaskContext;
import dev.taskrow.core.TaskFailure;
import dev.taskrow.core.TaskHandler;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

/**
 * The analysis worker (queue {@code analysis}): parses the OCR task's text into the register and
 * stores it. Pages read from the text layer are read again from the PDF with their positions, so
 * red strike-through lines mark cancelled entries; pages read by OCR use the OCR task's text (a
 * scan has no vector lines to read). Only transient storage errors are retried.
 */
public class AnalysisHandler implements TaskHandler {
  /** How the OCR task joins pages (see {@link OcrHandler}). */
  static final String PAGE_BREAK = "\n\f\n";

  // Our own mapper: the stored JSON's shape must not change with the application's settings.
  private static final JsonMapper JSON =
      JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();

  private final RegistryFiles files;
  private final RegistryAnalyses analyses;
  private final ObjectStorage storage;
  private final RegisterAnalysed analysed;

  public AnalysisHandler(RegistryFiles files, RegistryAnalyses analyses, ObjectStorage storage) {
    this(files, analyses, storage, RegisterAnalysed.NONE);
  }

  /**
   * @param analysed told of each stored register in this task's transaction (a watch's diff)
   */
  public AnalysisHandler(
      RegistryFiles files,
      RegistryAnalyses analyses,
      ObjectStorage storage,
      RegisterAnalysed analysed) {
    this.files = files;
    this.analyses = analyses;
    this.storage = storage;
    this.analysed = analysed;
  }

  @Override
  public void handle(TaskContext ctx) throws TaskFailure {
    UUID taskId = ctx.taskId();
    RegistryAnalyses.Analysis analysis =
        analyses
            .byTask(taskId)
            .orElseThrow(() -> TaskFailure.fatal(FILE_NOT_FOUND, "no analysis record for task"));
    RegistryFile file =
        files
            .byId(analysis.fileId())
            .orElseThrow(() -> TaskFailure.fatal(FILE_NOT_FOUND, "no file record for analysis"));
    if (file.ocrText() == null || file.ocrText().isBlank()) {
      throw TaskFailure.fatal(TEXT_MISSING, "the OCR task left no text for file " + file.id());
    }
    List<Line> lines = lines(file, load(file.storageKey()));
    ParsedRegister register;
    try {
      register = RegisterParser.parse(lines);
    } catch (NotARegisterException e) {
      throw TaskFailure.fatal(PARSE_FAILED, e.getMessage(), e);
    }
    analyses.save(
        taskId, JSON.writeValueAsString(register), register.uncertain(), register.confidence());
    analysed.analysed(ctx, analysis.nestId(), taskId, register);
    ctx.result(
        "{\"file_id\": "
            + file.id()
            + ", \"entries\": "
            + register.entries().count()
            + ", \"warnings\": "
            + register.warnings().size()
            + "}");
  }

  /** Text-layer pages from the PDF (with red lines), OCR pages from the stored text. */
  static List<Line> lines(RegistryFile file, byte[] pdf) throws TaskFailure {
    String[] texts = file.ocrText().split(PAGE_BREAK, -1);
    List<StrikeReader.Page> layer;
    try {
      layer = StrikeReader.read(pdf);
    } catch (IOException e) {
      throw TaskFailure.fatal(PARSE_FAILED, "cannot read the PDF: " + e.getMessage(), e);
    }
    List<Line> lines = new ArrayList<>();
    for (int i = 0; i < Math.max(texts.length, layer.size()); i++) {
      boolean ocr = file.ocrPages() != null && pageMethod(file.ocrPages(), i + 1).equals("OCR");
      if (!ocr && i < layer.size() && !layer.get(i).lines().isEmpty()) {
        lines.addAll(layer.get(i).lines());
      } else if (i < texts.length) {
        for (String text : texts[i].split("\\R")) {
          lines.add(new Line(text, i + 1, true, null));
        }
      }
    }
    return lines;
  }

  /** The method the OCR task recorded for a page: TEXT_LAYER or OCR. */
  static String pageMethod(String pagesJson, int page) {
    for (var node : JSON.readTree(pagesJson)) {
      if (node.get("page").asInt() == page) {
        return node.get("method").asString();
      }
    }
    return "TEXT_LAYER";
  }

  private byte[] load(String key) throws TaskFailure {
    return StoredPdfs.load(storage, key);
  }
}
