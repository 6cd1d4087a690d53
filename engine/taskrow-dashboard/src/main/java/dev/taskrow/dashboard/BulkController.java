package dev.taskrow.dashboard;

import dev.taskrow.core.AdminRefusal;
import dev.taskrow.core.BulkPreview;
import dev.taskrow.core.BulkResult;
import dev.taskrow.core.TaskAdmin;
import dev.taskrow.core.TaskFilter;
import java.sql.SQLException;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * A bulk cancel or re-run in two steps. The GET is the dry run: how many tasks the filter takes
 * now, and a form that confirms with that count. The POST acts with the count as the expected one:
 * {@link TaskAdmin} refuses (BULK_COUNT_MISMATCH, nothing changed) when more match by then, so a
 * confirmation never acts on tasks the operator was not shown.
 */
@Controller
@RequestMapping("${taskrow.dashboard.path:/ops/taskrow}/bulk/{action}")
class BulkController {
  private final TaskAdmin admin;
  private final DashboardProperties properties;

  BulkController(TaskAdmin admin, DashboardProperties properties) {
    this.admin = admin;
    this.properties = properties;
  }

  @GetMapping
  String dryRun(
      @PathVariable String action, @ModelAttribute("filter") FilterForm filter, Model model)
      throws SQLException {
    TaskFilter taskFilter = filter.toFilter(properties.getTimeZone());
    BulkPreview preview =
        switch (action(action)) {
          case "cancel" -> admin.previewCancel(taskFilter);
          default -> admin.previewRerun(taskFilter);
        };
    model.addAttribute("action", action);
    model.addAttribute("preview", preview);
    return "taskrow-dashboard/bulk";
  }

  @PostMapping
  String confirm(
      @PathVariable String action,
      @ModelAttribute FilterForm filter,
      @RequestParam int expectedCount,
      @RequestAttribute(DashboardUser.ATTRIBUTE) DashboardUser user,
      RedirectAttributes redirect)
      throws SQLException {
    TaskFilter taskFilter = filter.toFilter(properties.getTimeZone());
    BulkResult result =
        switch (action(action)) {
          case "cancel" -> admin.cancelAll(user.name(), taskFilter, expectedCount);
          default -> admin.rerunAll(user.name(), taskFilter, expectedCount);
        };
    redirect.addFlashAttribute("done", "bulk." + action + ".done");
    redirect.addFlashAttribute("bulk", result);
    String query = filter.query();
    return "redirect:" + properties.getPath() + "/tasks" + (query.isEmpty() ? "" : "?" + query);
  }

  private static String action(String action) {
    if (!action.equals("cancel") && !action.equals("rerun")) {
      throw new AdminRefusal(
          AdminRefusal.Code.INVALID_FILTER, "action: " + action + " is not cancel or rerun");
    }
    return action;
  }
}
