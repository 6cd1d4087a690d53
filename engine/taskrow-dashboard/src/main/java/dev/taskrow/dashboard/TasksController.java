package dev.taskrow.dashboard;

import dev.taskrow.core.AdminRefusal;
import dev.taskrow.core.TaskAdmin;
import dev.taskrow.core.TaskPage;
import dev.taskrow.core.TaskStatus;
import java.sql.SQLException;
import java.util.UUID;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The task list: filters, search by id, newest first, keyset pages ({@link TaskAdmin#search}): the
 * "next" link carries the last row's cursor, so page 1,000 costs what page 1 does.
 */
@Controller
@RequestMapping("${taskrow.dashboard.path:/ops/taskrow}/tasks")
class TasksController {
  static final int PAGE = 50;

  private final TaskAdmin admin;
  private final DashboardProperties properties;

  TasksController(TaskAdmin admin, DashboardProperties properties) {
    this.admin = admin;
    this.properties = properties;
  }

  @GetMapping
  String tasks(
      @ModelAttribute("filter") FilterForm filter,
      @RequestParam(required = false) String cursor,
      @RequestParam(required = false) String id,
      Model model)
      throws SQLException {
    if (id != null && !id.isBlank()) {
      return "redirect:" + properties.getPath() + "/tasks/" + uuid(id.strip());
    }
    TaskPage page = admin.search(filter.toFilter(properties.getTimeZone()), cursor, PAGE);
    model.addAttribute("page", page);
    model.addAttribute("statuses", TaskStatus.values());
    model.addAttribute("firstPage", cursor == null || cursor.isEmpty());
    return "taskrow-dashboard/tasks";
  }

  static UUID uuid(String id) {
    try {
      return UUID.fromString(id);
    } catch (IllegalArgumentException e) {
      throw new AdminRefusal(AdminRefusal.Code.INVALID_FILTER, "id: " + id + " is not a task id");
    }
  }
}
