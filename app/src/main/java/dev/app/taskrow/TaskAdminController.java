package dev.app.taskrow;

import dev.app.taskrow.AdminViews.AuditView;
import dev.app.taskrow.AdminViews.CancelView;
import dev.app.taskrow.AdminViews.DetailView;
import dev.app.taskrow.AdminViews.PageView;
import dev.app.taskrow.AdminViews.QueueStateView;
import dev.platform.accounts.CurrentUser;
import dev.platform.web.ApiProblem;
import dev.platform.web.ProblemResponse;
import dev.platform.web.Problems;
import dev.taskrow.core.AdminRefusal;
import dev.taskrow.core.BulkPreview;
import dev.taskrow.core.BulkResult;
import dev.taskrow.core.CancelOutcome;
import dev.taskrow.core.FailureGroup;
import dev.taskrow.core.QueueCounts;
import dev.taskrow.core.RerunResult;
import dev.taskrow.core.TaskAdmin;
import dev.taskrow.core.TaskFilter;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * The engine's admin API ({@link TaskAdmin}) over HTTP, for operators: an {@code ADMIN} token only
 * (the security chain answers 401 without a token, 403 without the role). Each action is audited
 * with the caller's account ({@code account:<id>}).
 *
 * <p>In the app, not in an engine module: it needs the platform's error model and accounts, which
 * the engine may not know (ArchitectureTest). A dashboard module calls {@link TaskAdmin} directly.
 */
@RestController
@RequestMapping("/api/admin/taskrow")
@Tag(name = "taskrow admin", description = "Searching and acting on the engine's tasks (ADMIN)")
@ProblemResponse(status = 403, codes = "FORBIDDEN")
class TaskAdminController {
  private static final Duration DEFAULT_COUNT_WINDOW = Duration.ofHours(24);

  private final TaskAdmin admin;

  TaskAdminController(TaskAdmin admin) {
    this.admin = admin;
  }

  @GetMapping("/tasks")
  @Operation(
      summary = "Search tasks, newest first",
      description =
          "Every filter is optional; times are ISO-8601 with an offset, ranges from inclusive, to"
              + " exclusive. Keyset pages: pass next_cursor as cursor for the next page (null on"
              + " the last); rows submitted meanwhile never repeat or push a row off a page.")
  @ProblemResponse(status = 400, codes = "INVALID_FILTER")
  PageView search(
      @RequestParam(required = false) String queue,
      @RequestParam(required = false) String kind,
      @Parameter(description = "PENDING, PROCESSING, SUCCESS or FAILED")
          @RequestParam(required = false)
          String status,
      @RequestParam(name = "error_code", required = false) String errorCode,
      @RequestParam(required = false) String subject,
      @RequestParam(name = "created_from", required = false) String createdFrom,
      @RequestParam(name = "created_to", required = false) String createdTo,
      @RequestParam(name = "finished_from", required = false) String finishedFrom,
      @RequestParam(name = "finished_to", required = false) String finishedTo,
      @RequestParam(required = false) String cursor,
      @Parameter(description = "1..500") @RequestParam(defaultValue = "50") int limit)
      throws SQLException {
    TaskFilter filter =
        new AdminFilterInput(
                queue,
                kind,
                status,
                errorCode,
                subject,
                createdFrom,
                createdTo,
                finishedFrom,
                finishedTo)
            .toFilter();
    return PageView.of(admin.search(filter, cursor, limit));
  }

  @GetMapping("/tasks/{id}")
  @Operation(summary = "A task with its chain (parent, children, re-runs) and its audit")
  @ProblemResponse(status = 404, codes = "TASK_NOT_FOUND")
  DetailView detail(@PathVariable UUID id) throws SQLException {
    return DetailView.of(
        admin
            .detail(id)
            .orElseThrow(
                () -> new AdminRefusal(AdminRefusal.Code.TASK_NOT_FOUND, "no task " + id)));
  }

  @PostMapping("/tasks/{id}/cancel")
  @Operation(
      summary = "Cancel a task",
      description =
          "Not running: FAILED(CANCELLED) at once (CANCELLED). Running: its handler is asked to"
              + " stop (REQUESTED). Finished: nothing changes (ALREADY_FINAL).")
  @ProblemResponse(status = 404, codes = "TASK_NOT_FOUND")
  CancelView cancel(@PathVariable UUID id, CurrentUser user) throws SQLException {
    CancelOutcome outcome = admin.cancel(actor(user), id);
    return new CancelView(id, outcome.name());
  }

  @PostMapping("/tasks/{id}/rerun")
  @ResponseStatus(HttpStatus.CREATED)
  @Operation(
      summary = "Re-run a FAILED task",
      description =
          "A new PENDING task of the same kind, subject, payload, priority and parent, linked to"
              + " the failed one (rerun_of); the failed row stays final.")
  @ProblemResponse(status = 404, codes = "TASK_NOT_FOUND")
  @ProblemResponse(
      status = 409,
      codes = {"TASK_NOT_FAILED", "TASK_SUPERSEDED", "KIND_NOT_REGISTERED"})
  RerunResult rerun(@PathVariable UUID id, CurrentUser user) throws SQLException {
    return admin.rerun(actor(user), id);
  }

  /** A bulk action's body: the filter, and for the confirmed call the dry run's count. */
  record BulkRequest(AdminFilterInput filter, Integer expectedCount) {
    TaskFilter taskFilter() {
      return (filter == null ? AdminFilterInput.NONE : filter).toFilter();
    }

    int requireExpectedCount() {
      if (expectedCount == null) {
        throw new AdminRefusal(
            AdminRefusal.Code.INVALID_FILTER,
            "expected_count: required; take it from the dry run (…/preview)");
      }
      return expectedCount;
    }
  }

  @PostMapping("/bulk/cancel/preview")
  @Operation(summary = "Dry run of a bulk cancel: how many active tasks match now")
  @ProblemResponse(status = 400, codes = "INVALID_FILTER")
  BulkPreview previewCancel(@RequestBody BulkRequest request) throws SQLException {
    return admin.previewCancel(request.taskFilter());
  }

  @PostMapping("/bulk/cancel")
  @Operation(
      summary = "Cancel every active task that matches",
      description =
          "expected_count is the dry run's count: refused with 409 BULK_COUNT_MISMATCH, nothing"
              + " changed, when more match now; fewer (some finished meanwhile) is accepted.")
  @ProblemResponse(status = 400, codes = "INVALID_FILTER")
  @ProblemResponse(status = 409, codes = "BULK_COUNT_MISMATCH")
  BulkResult cancelAll(@RequestBody BulkRequest request, CurrentUser user) throws SQLException {
    return admin.cancelAll(actor(user), request.taskFilter(), request.requireExpectedCount());
  }

  @PostMapping("/bulk/rerun/preview")
  @Operation(summary = "Dry run of a bulk re-run: how many FAILED tasks would be re-run now")
  @ProblemResponse(status = 400, codes = "INVALID_FILTER")
  BulkPreview previewRerun(@RequestBody BulkRequest request) throws SQLException {
    return admin.previewRerun(request.taskFilter());
  }

  @PostMapping("/bulk/rerun")
  @Operation(
      summary = "Re-run every FAILED task that matches",
      description = "Each as POST /tasks/{id}/rerun would. expected_count as for the bulk cancel.")
  @ProblemResponse(status = 400, codes = "INVALID_FILTER")
  @ProblemResponse(
      status = 409,
      codes = {"BULK_COUNT_MISMATCH", "TASK_SUPERSEDED"})
  BulkResult rerunAll(@RequestBody BulkRequest request, CurrentUser user) throws SQLException {
    return admin.rerunAll(actor(user), request.taskFilter(), request.requireExpectedCount());
  }

  @PostMapping("/queues/{queue}/pause")
  @Operation(summary = "Pause a queue on every instance (submits are still accepted)")
  @ProblemResponse(status = 404, codes = "QUEUE_NOT_FOUND")
  QueueStateView pause(@PathVariable String queue, CurrentUser user) throws SQLException {
    return new QueueStateView(queue, true, admin.pause(actor(user), queue));
  }

  @PostMapping("/queues/{queue}/resume")
  @Operation(summary = "Resume a paused queue")
  @ProblemResponse(status = 404, codes = "QUEUE_NOT_FOUND")
  QueueStateView resume(@PathVariable String queue, CurrentUser user) throws SQLException {
    return new QueueStateView(queue, false, admin.resume(actor(user), queue));
  }

  @GetMapping("/queues")
  @Operation(
      summary = "Counts by state per queue",
      description =
          "Active counts now (pending, running, waiting_for_retry) and the finished counts of the"
              + " tasks created since `since` (default: 24 hours ago); paused or not.")
  @ProblemResponse(status = 400, codes = "INVALID_FILTER")
  List<QueueCounts> queues(@RequestParam(required = false) String since) throws SQLException {
    Instant from = AdminFilterInput.instant("since", since);
    return admin.queueCounts(from != null ? from : Instant.now().minus(DEFAULT_COUNT_WINDOW));
  }

  @GetMapping("/failures")
  @Operation(
      summary = "FAILED tasks grouped by kind, queue and error code",
      description =
          "The largest group first, each with its count and its newest task and message; tasks"
              + " created since `since` (default: every kept row).")
  @ProblemResponse(status = 400, codes = "INVALID_FILTER")
  List<FailureGroup> failures(
      @RequestParam(required = false) String since,
      @Parameter(description = "1..500") @RequestParam(defaultValue = "100") int limit)
      throws SQLException {
    Instant from = AdminFilterInput.instant("since", since);
    return admin.failureGroups(from != null ? from : Instant.EPOCH, limit);
  }

  @GetMapping("/audit")
  @Operation(summary = "Admin actions, newest first; `before` is the last id of the previous page")
  @ProblemResponse(status = 400, codes = "INVALID_FILTER")
  List<AuditView> audit(
      @RequestParam(required = false) Long before,
      @Parameter(description = "1..500") @RequestParam(defaultValue = "50") int limit)
      throws SQLException {
    return AuditView.of(admin.audit(before, limit));
  }

  /** The engine's refusals as problem+json: 400 bad input, 404 nothing by that name, else 409. */
  @ExceptionHandler(AdminRefusal.class)
  ResponseEntity<ProblemDetail> refused(AdminRefusal refusal, HttpServletRequest request) {
    HttpStatus status =
        switch (refusal.code()) {
          case INVALID_FILTER -> HttpStatus.BAD_REQUEST;
          case TASK_NOT_FOUND, QUEUE_NOT_FOUND -> HttpStatus.NOT_FOUND;
          case TASK_NOT_FAILED, TASK_SUPERSEDED, KIND_NOT_REGISTERED, BULK_COUNT_MISMATCH ->
              HttpStatus.CONFLICT;
        };
    ApiProblem problem = new ApiProblem(status, refusal.code().name(), refusal.getMessage());
    return ResponseEntity.status(status).body(Problems.completed(problem.getBody(), request));
  }

  private static String actor(CurrentUser user) {
    return "account:" + user.id();
  }
}
