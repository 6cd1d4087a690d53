package dev.dungji.registry;

import com.fasterxml.jackson.annotation.JsonRawValue;
import dev.dungji.Callers;
import dev.dungji.DungjiProperties;
import dev.platform.storage.ObjectStorage;
import dev.platform.web.ProblemResponse;
import dev.taskrow.core.Task;
import dev.taskrow.core.TaskStatus;
import java.net.URI;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The seed's API: request an issuance, poll it, poll its OCR. */
@RestController
@RequestMapping("/nests/{nestId}/analysis/registry")
@ProblemResponse(status = 404, codes = "NEST_NOT_FOUND")
@ProblemResponse(status = 403, codes = "NEST_PERMISSION")
public class RegistryController {
  private final IssuanceService issuance;
  private final RegistryFiles files;
  private final ObjectStorage storage;
  private final DungjiProperties properties;
  private final RegistryAnalyses analyses;

  public RegistryController(
      IssuanceService issuance,
      RegistryFiles files,
      ObjectStorage storage,
      DungjiProperties properties,
      RegistryAnalyses analyses) {
    this.issuance = issuance;
    this.files = files;
    this.storage = storage;
    this.properties = properties;
    this.analyses = analyses;
  }

  /**
   * 202 with a new task; 200 with the active one reused, or with a certificate of the nest issued
   * within {@code dungji.quota.reuse-window} ({@code recent_certificate: true}) unless the tenant
   * asks for a fresh one ({@code ?fresh=true} or {@code {"fresh": true}}).
   */
  @PostMapping("/issue")
  @ProblemResponse(
      status = 429,
      codes = {IssuanceQuota.USER_QUOTA, IssuanceQuota.NEST_QUOTA})
  @ProblemResponse(status = 503, codes = IssuanceQuota.BUDGET)
  ResponseEntity<IssueAccepted> issue(
      @PathVariable long nestId,
      @RequestParam(name = "fresh", required = false) Boolean freshParam,
      @RequestBody(required = false) IssueOptions options,
      Authentication auth) {
    boolean fresh =
        Boolean.TRUE.equals(freshParam)
            || (options != null && Boolean.TRUE.equals(options.fresh()));
    IssuanceService.Requested r = issuance.request(Callers.userId(auth), nestId, fresh);
    return ResponseEntity.status(r.reused() ? HttpStatus.OK : HttpStatus.ACCEPTED)
        .body(new IssueAccepted(r.taskId(), r.status(), r.reused(), r.recentCertificate()));
  }

  /** The optional body of an issuance request. */
  public record IssueOptions(Boolean fresh) {}

  @GetMapping("/issue/{taskId}")
  @ProblemResponse(status = 404, codes = "TASK_NOT_FOUND")
  IssueStatus issueStatus(
      @PathVariable long nestId, @PathVariable UUID taskId, Authentication auth) {
    return issueView(issuance.task(Callers.userId(auth), nestId, taskId, RegistryTasks.ISSUE_KIND));
  }

  /** The polling answer for a task row; the event stream sends the same. */
  IssueStatus issueView(Task task) {
    Optional<RegistryFile> file =
        task.status() == TaskStatus.SUCCESS ? files.byIssuanceTask(task.id()) : Optional.empty();
    return new IssueStatus(
        task.id(),
        task.status(),
        task.errorCode(),
        task.status() == TaskStatus.FAILED ? IssueMessages.forCode(task.errorCode()) : null,
        task.lastErrorCode(),
        task.attemptCount(),
        task.createdAt(),
        task.startedAt(),
        task.finishedAt(),
        task.isWaitingForRetry() ? task.nextRetryAt() : null,
        file.map(f -> storage.signedUrl(f.storageKey(), properties.fileUrlTtl())).orElse(null),
        file.map(RegistryFile::ocrTaskId).orElse(null));
  }

  @GetMapping("/ocr/{taskId}")
  @ProblemResponse(status = 404, codes = "TASK_NOT_FOUND")
  OcrStatus ocrStatus(@PathVariable long nestId, @PathVariable UUID taskId, Authentication auth) {
    return ocrView(issuance.task(Callers.userId(auth), nestId, taskId, RegistryTasks.OCR_KIND));
  }

  /** The polling answer for a task row; the event stream sends the same. */
  OcrStatus ocrView(Task task) {
    Optional<RegistryFile> file =
        task.status() == TaskStatus.SUCCESS ? files.byOcrTask(task.id()) : Optional.empty();
    return new OcrStatus(
        task.id(),
        task.status(),
        task.errorCode(),
        task.attemptCount(),
        task.createdAt(),
        task.startedAt(),
        task.finishedAt(),
        file.map(RegistryFile::pageCount).orElse(null),
        file.map(RegistryFile::ocrPages).orElse(null),
        file.map(RegistryFile::ocrText).orElse(null),
        file.flatMap(f -> analyses.taskOfFile(f.id())).orElse(null));
  }

  @GetMapping("/analysis/{taskId}")
  @ProblemResponse(status = 404, codes = "TASK_NOT_FOUND")
  AnalysisStatus analysisStatus(
      @PathVariable long nestId, @PathVariable UUID taskId, Authentication auth) {
    return analysisView(
        issuance.task(Callers.userId(auth), nestId, taskId, RegistryTasks.ANALYSIS_KIND));
  }

  /** The tenant's text for a failed analysis, Korean first. */
  static String analysisMessage(String code) {
    return switch (code == null ? "" : code) {
      case RegistryTasks.PARSE_FAILED ->
          "발급된 문서가 등기사항증명서로 읽히지 않습니다. 원문 PDF를 확인해 주세요."
              + " / The document does not read as a registry certificate; please check the PDF.";
      case RegistryTasks.TEXT_MISSING ->
          "문서에서 글자를 읽지 못했습니다. / No text could be read from the document.";
      default -> "등기부를 분석하지 못했습니다. / The register could not be analysed.";
    };
  }

  /** The polling answer for a task row; the event stream sends the same. */
  AnalysisStatus analysisView(Task task) {
    Optional<RegistryAnalyses.Analysis> analysis =
        task.status() == TaskStatus.SUCCESS ? analyses.byTask(task.id()) : Optional.empty();
    return new AnalysisStatus(
        task.id(),
        task.status(),
        task.errorCode(),
        task.status() == TaskStatus.FAILED ? analysisMessage(task.errorCode()) : null,
        task.attemptCount(),
        task.createdAt(),
        task.startedAt(),
        task.finishedAt(),
        analysis.map(RegistryAnalyses.Analysis::uncertain).orElse(null),
        analysis.map(a -> a.confidence().doubleValue()).orElse(null),
        analysis.map(RegistryAnalyses.Analysis::register).orElse(null),
        analysis
            .filter(a -> a.register() != null)
            .map(a -> URI.create(reportPath(a.nestId(), task.id())))
            .orElse(null));
  }

  /** Where the report of an analysis is (the next link of the chain). */
  static String reportPath(long nestId, UUID analysisTaskId) {
    return "/nests/" + nestId + "/analysis/registry/report/" + analysisTaskId;
  }

  public record IssueAccepted(
      UUID taskId, TaskStatus status, boolean reused, boolean recentCertificate) {}

  /**
   * next_retry_at is set while a failed attempt waits for the next one (status PROCESSING);
   * error_message is the tenant's text for a FAILED task (Korean, then English).
   */
  public record IssueStatus(
      UUID taskId,
      TaskStatus status,
      String errorCode,
      String errorMessage,
      String lastErrorCode,
      int attemptCount,
      Instant createdAt,
      Instant startedAt,
      Instant finishedAt,
      Instant nextRetryAt,
      URI fileUrl,
      UUID ocrTaskId) {}

  /** pages: [{page, method: TEXT_LAYER | OCR, chars}]. */
  public record OcrStatus(
      UUID taskId,
      TaskStatus status,
      String errorCode,
      int attemptCount,
      Instant createdAt,
      Instant startedAt,
      Instant finishedAt,
      Integer pageCount,
      @JsonRawValue String pages,
      String text,
      UUID analysisTaskId) {}

  /**
   * register: the parsed register (표제부 as {@code title}, {@code gap} and {@code eul} entries with
   * their {@code status}, {@code owners}, {@code summary}, {@code warnings}); uncertain: it has
   * PARSE_UNCERTAIN warnings; report_url: the jeonse risk report of this analysis (JSON; add {@code
   * .pdf} for the PDF) once it succeeded — it needs the tenant's inputs (409 TENANT_INPUTS_MISSING
   * until PUT /nests/{nestId}/tenant-inputs).
   */
  public record AnalysisStatus(
      UUID taskId,
      TaskStatus status,
      String errorCode,
      String errorMessage,
      int attemptCount,
      Instant createdAt,
      Instant startedAt,
      Instant finishedAt,
      Boolean uncertain,
      Double confidence,
      @JsonRawValue String register,
      URI reportUrl) {}
}
