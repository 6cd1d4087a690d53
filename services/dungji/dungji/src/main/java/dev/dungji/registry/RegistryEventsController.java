package dev.dungji.registry;

import dev.dungji.Callers;
import dev.platform.accounts.CurrentUser;
import dev.platform.web.ProblemResponse;
import dev.taskrow.core.Task;
import dev.taskrow.sse.StreamTokens;
import dev.taskrow.sse.TaskEventStreams;
import java.util.Objects;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * Live status of the registry tasks as server-sent events: each event is the polling endpoint's
 * JSON, the first one the current state, the last one a final state. The events URLs are open to
 * the security filter chain (a browser's EventSource cannot send a bearer header), so this
 * controller authenticates them itself: a bearer token if one was sent, otherwise a stream token
 * from {@code POST …/events/token} in {@code ?stream_token=}. Ownership is checked as for polling.
 */
@RestController
@RequestMapping("/nests/{nestId}/analysis/registry")
@ProblemResponse(
    status = 404,
    codes = {"NEST_NOT_FOUND", "TASK_NOT_FOUND"})
@ProblemResponse(status = 403, codes = "NEST_PERMISSION")
public class RegistryEventsController {
  private final IssuanceService issuance;
  private final RegistryController polling;
  private final TaskEventStreams streams;
  private final StreamTokens tokens;

  public RegistryEventsController(
      IssuanceService issuance,
      RegistryController polling,
      TaskEventStreams streams,
      StreamTokens tokens) {
    this.issuance = issuance;
    this.polling = polling;
    this.streams = streams;
    this.tokens = tokens;
  }

  @PostMapping("/issue/{taskId}/events/token")
  StreamToken issueToken(
      @PathVariable long nestId, @PathVariable UUID taskId, Authentication auth) {
    return token(Callers.userId(auth), nestId, taskId, RegistryTasks.ISSUE_KIND);
  }

  @PostMapping("/ocr/{taskId}/events/token")
  StreamToken ocrToken(@PathVariable long nestId, @PathVariable UUID taskId, Authentication auth) {
    return token(Callers.userId(auth), nestId, taskId, RegistryTasks.OCR_KIND);
  }

  @PostMapping("/analysis/{taskId}/events/token")
  StreamToken analysisToken(
      @PathVariable long nestId, @PathVariable UUID taskId, Authentication auth) {
    return token(Callers.userId(auth), nestId, taskId, RegistryTasks.ANALYSIS_KIND);
  }

  @GetMapping(path = "/analysis/{taskId}/events", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
  @ProblemResponse(status = 429, codes = "TOO_MANY_STREAMS")
  @ProblemResponse(status = 503, codes = "UNAVAILABLE")
  SseEmitter analysisEvents(
      @PathVariable long nestId,
      @PathVariable UUID taskId,
      @RequestParam(name = "stream_token", required = false) String streamToken,
      Authentication auth) {
    return events(nestId, taskId, RegistryTasks.ANALYSIS_KIND, streamToken, auth);
  }

  @GetMapping(path = "/issue/{taskId}/events", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
  @ProblemResponse(status = 429, codes = "TOO_MANY_STREAMS")
  @ProblemResponse(status = 503, codes = "UNAVAILABLE")
  SseEmitter issueEvents(
      @PathVariable long nestId,
      @PathVariable UUID taskId,
      @RequestParam(name = "stream_token", required = false) String streamToken,
      Authentication auth) {
    return events(nestId, taskId, RegistryTasks.ISSUE_KIND, streamToken, auth);
  }

  @GetMapping(path = "/ocr/{taskId}/events", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
  @ProblemResponse(status = 429, codes = "TOO_MANY_STREAMS")
  @ProblemResponse(status = 503, codes = "UNAVAILABLE")
  SseEmitter ocrEvents(
      @PathVariable long nestId,
      @PathVariable UUID taskId,
      @RequestParam(name = "stream_token", required = false) String streamToken,
      Authentication auth) {
    return events(nestId, taskId, RegistryTasks.OCR_KIND, streamToken, auth);
  }

  private StreamToken token(long userId, long nestId, UUID taskId, String kind) {
    issuance.task(userId, nestId, taskId, kind); // 404/403 as for polling
    return new StreamToken(
        tokens.issue(Long.toString(userId), scope(kind, nestId, taskId)), tokens.ttl().toSeconds());
  }

  private SseEmitter events(
      long nestId, UUID taskId, String kind, String streamToken, Authentication auth) {
    long userId = caller(auth, streamToken, scope(kind, nestId, taskId));
    // Refusals (404/403) happen here, before the stream opens.
    issuance.task(userId, nestId, taskId, kind);
    return streams.open(
        taskId,
        Long.toString(userId),
        () -> {
          Task task = issuance.task(userId, nestId, taskId, kind);
          Object body =
              switch (kind) {
                case RegistryTasks.ISSUE_KIND -> polling.issueView(task);
                case RegistryTasks.ANALYSIS_KIND -> polling.analysisView(task);
                default -> polling.ocrView(task);
              };
          return new TaskEventStreams.State(body, version(task), task.status().isFinal());
        });
  }

  private long caller(Authentication auth, String streamToken, String scope) {
    return CurrentUser.fromBearerOr(
            auth, () -> tokens.verify(streamToken, scope).map(Long::parseLong))
        .id();
  }

  private static String scope(String kind, long nestId, UUID taskId) {
    return kind + ":" + nestId + ":" + taskId;
  }

  /**
   * What a client can see change in the row; not the signed file URL, which differs on every read.
   */
  static String version(Task task) {
    int hash =
        Objects.hash(
            task.status(),
            task.attemptCount(),
            task.errorCode(),
            task.lastErrorCode(),
            task.nextRetryAt(),
            task.startedAt(),
            task.finishedAt(),
            task.progressDone(),
            task.progressTotal());
    return task.status().ordinal() + "-" + task.attemptCount() + "-" + Integer.toHexString(hash);
  }

  /** A stream token: valid for one stream, {@code expires_in} seconds. */
  public record StreamToken(String token, long expiresIn) {}
}
