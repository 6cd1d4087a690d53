package dev.taskrow.dashboard;

import dev.taskrow.core.AdminRefusal;
import dev.taskrow.core.CancelOutcome;
import dev.taskrow.core.RerunResult;
import dev.taskrow.core.TaskAdmin;
import dev.taskrow.core.TaskDetail;
import java.sql.SQLException;
import java.util.UUID;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * One task: every field, payload and result as indented JSON, its chain and re-runs, the audit of
 * what operators did to it; cancel and re-run, each through {@link TaskAdmin} under the user's
 * name. An action answers with a redirect to the task (post/redirect/get: a reload repeats no
 * action).
 */
@Controller
@RequestMapping("${taskrow.dashboard.path:/ops/taskrow}/tasks/{id}")
class TaskDetailController {
  private static final JsonMapper JSON =
      JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

  private final TaskAdmin admin;
  private final DashboardProperties properties;

  TaskDetailController(TaskAdmin admin, DashboardProperties properties) {
    this.admin = admin;
    this.properties = properties;
  }

  @GetMapping
  String detail(@PathVariable String id, Model model) throws SQLException {
    UUID taskId = TasksController.uuid(id);
    TaskDetail detail =
        admin
            .detail(taskId)
            .orElseThrow(
                () -> new AdminRefusal(AdminRefusal.Code.TASK_NOT_FOUND, "no task " + taskId));
    model.addAttribute("detail", detail);
    model.addAttribute("task", detail.task());
    model.addAttribute("payload", indented(detail.task().payload()));
    model.addAttribute("result", indented(detail.task().result()));
    return "taskrow-dashboard/task";
  }

  @PostMapping("/cancel")
  String cancel(
      @PathVariable String id,
      @RequestAttribute(DashboardUser.ATTRIBUTE) DashboardUser user,
      RedirectAttributes redirect)
      throws SQLException {
    UUID taskId = TasksController.uuid(id);
    CancelOutcome outcome = admin.cancel(user.name(), taskId);
    redirect.addFlashAttribute("done", "cancel." + outcome.name());
    return "redirect:" + properties.getPath() + "/tasks/" + taskId;
  }

  @PostMapping("/rerun")
  String rerun(
      @PathVariable String id,
      @RequestAttribute(DashboardUser.ATTRIBUTE) DashboardUser user,
      RedirectAttributes redirect)
      throws SQLException {
    RerunResult result = admin.rerun(user.name(), TasksController.uuid(id));
    redirect.addFlashAttribute("done", "rerun.done");
    redirect.addFlashAttribute("newTaskId", result.newTaskId());
    return "redirect:" + properties.getPath() + "/tasks/" + result.failedTaskId();
  }

  /** The JSON indented for reading; as stored when it does not parse (it always should). */
  static String indented(String json) {
    if (json == null) {
      return null;
    }
    try {
      JsonNode tree = JSON.readTree(json);
      return JSON.writeValueAsString(tree);
    } catch (RuntimeException e) {
      return json;
    }
  }
}
