package dev.dongchimi.importer;

import dev.platform.accounts.CurrentUser;
import dev.platform.web.ProblemResponse;
import dev.taskrow.core.Task;
import dev.taskrow.sse.StreamTokens;
import dev.taskrow.sse.TaskEventStreams;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.Objects;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * Live progress of an import as server-sent events: each event is the polling endpoint's JSON, the
 * first one the current state, the last one a final state. The events URL is open to the security
 * filter chain (a browser's EventSource cannot send a bearer header), so this controller
 * authenticates it itself: a bearer token, or a stream token from {@code POST …/events/token}.
 */
@RestController
@Tag(name = "dongchimi import", description = "동치미: Excel bulk product import")
@ProblemResponse(status = 404, codes = "NOT_FOUND")
@ProblemResponse(status = 403, codes = "NOT_OWNER")
class ImportEventsController {
  private static final String SCOPE = "dongchimi.import";
  private final ImportService imports;
  private final TaskEventStreams streams;
  private final StreamTokens tokens;

  ImportEventsController(ImportService imports, TaskEventStreams streams, StreamTokens tokens) {
    this.imports = imports;
    this.streams = streams;
    this.tokens = tokens;
  }

  record StreamToken(String token, long expiresIn) {}

  @PostMapping("/marts/{martId}/product-imports/{jobId}/events/token")
  @Operation(summary = "A 60 s token that opens this import's event stream without a header")
  StreamToken token(CurrentUser user, @PathVariable long martId, @PathVariable UUID jobId) {
    imports.find(user.id(), martId, jobId); // 404/403 as for polling
    return new StreamToken(
        tokens.issue(Long.toString(user.id()), scope(martId, jobId)), tokens.ttl().toSeconds());
  }

  @GetMapping(
      path = "/marts/{martId}/product-imports/{jobId}/events",
      produces = MediaType.TEXT_EVENT_STREAM_VALUE)
  @Operation(summary = "The import's status as server-sent events, until it is final")
  @ProblemResponse(status = 429, codes = "TOO_MANY_STREAMS")
  @ProblemResponse(status = 503, codes = "UNAVAILABLE")
  SseEmitter events(
      @PathVariable long martId,
      @PathVariable UUID jobId,
      @RequestParam(name = "stream_token", required = false) String streamToken,
      Authentication auth) {
    long userId =
        CurrentUser.fromBearerOr(
                auth, () -> tokens.verify(streamToken, scope(martId, jobId)).map(Long::parseLong))
            .id();
    imports.find(userId, martId, jobId); // refusals (404/403) before the stream opens
    return streams.open(
        jobId,
        Long.toString(userId),
        () -> {
          ImportService.Import current = imports.find(userId, martId, jobId);
          Task task = current.task();
          return new TaskEventStreams.State(
              ImportController.view(current), version(current), task.status().isFinal());
        });
  }

  private static String scope(long martId, UUID jobId) {
    return SCOPE + ":" + martId + ":" + jobId;
  }

  /** What a client can see change: the row's state and the import's phase. */
  private static String version(ImportService.Import current) {
    Task task = current.task();
    int hash =
        Objects.hash(
            task.status(),
            task.attemptCount(),
            task.errorCode(),
            task.lastErrorCode(),
            task.progressDone(),
            task.progressTotal(),
            current.record().phase(),
            task.finishedAt());
    return task.status().ordinal() + "-" + task.attemptCount() + "-" + Integer.toHexString(hash);
  }
}
