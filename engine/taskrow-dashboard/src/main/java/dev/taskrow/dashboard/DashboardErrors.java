package dev.taskrow.dashboard;

import dev.taskrow.core.AdminRefusal;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.servlet.ModelAndView;

/**
 * A refused action or filter as a page, with the engine's stable code and its message: the operator
 * reads why ("BULK_COUNT_MISMATCH: 12 match now, 10 expected") and nothing was changed. Ordered
 * before the application's advices, which answer JSON for its API.
 */
@ControllerAdvice(
    assignableTypes = {
      OverviewController.class,
      TasksController.class,
      TaskDetailController.class,
      FailuresController.class,
      BulkController.class,
      QueuesController.class
    })
@Order(Ordered.HIGHEST_PRECEDENCE)
class DashboardErrors {
  private final DashboardModel model;

  DashboardErrors(DashboardModel model) {
    this.model = model;
  }

  @ExceptionHandler(AdminRefusal.class)
  ModelAndView refused(AdminRefusal refusal, HttpServletRequest request) {
    ModelAndView view = new ModelAndView("taskrow-dashboard/error", status(refusal.code()));
    view.addAllObjects(model.attributes(request));
    view.addObject("code", refusal.code().name());
    view.addObject("message", refusal.getMessage());
    return view;
  }

  static HttpStatus status(AdminRefusal.Code code) {
    return switch (code) {
      case INVALID_FILTER -> HttpStatus.BAD_REQUEST;
      case TASK_NOT_FOUND, QUEUE_NOT_FOUND -> HttpStatus.NOT_FOUND;
      case TASK_NOT_FAILED, TASK_SUPERSEDED, KIND_NOT_REGISTERED, BULK_COUNT_MISMATCH ->
          HttpStatus.CONFLICT;
    };
  }
}
