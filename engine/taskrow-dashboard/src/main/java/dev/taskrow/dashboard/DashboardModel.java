package dev.taskrow.dashboard;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;

/**
 * What every page's template reads besides its own data: the labels ({@code t}), the user, the
 * dashboard's path ({@code base}), the time format, the refresh interval and the extra links.
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
class DashboardModel {
  private final DashboardProperties properties;
  private final DashboardLabels labels;

  DashboardModel(DashboardProperties properties, DashboardLabels labels) {
    this.properties = properties;
    this.labels = labels;
  }

  @ModelAttribute
  void common(HttpServletRequest request, org.springframework.ui.Model model) {
    model.addAllAttributes(attributes(request));
  }

  /** The same attributes for a view built outside a handler (the error page). */
  Map<String, Object> attributes(HttpServletRequest request) {
    Object user = request.getAttribute(DashboardUser.ATTRIBUTE);
    return Map.of(
        "t",
        labels.forRequest(request),
        "user",
        user == null ? new DashboardUser("", false) : user,
        "base",
        request.getContextPath() + properties.getPath(),
        "fmt",
        new DashboardFormat(properties.getTimeZone()),
        "refreshSeconds",
        properties.getRefresh().toSeconds() + "s",
        "links",
        properties.getLinks());
  }
}
