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

  public RegistryController(
      IssuanceService issuance,
      RegistryFiles files,
      ObjectStorage storage,
      DungjiProperties properties) {
    this.issuance = issuance;
    this.files = files;
    this.storage = storage;
    this.properties = properties;
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
        file.map(RegistryFile::ocrText).orElse(null));
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
      String text) {}
}
