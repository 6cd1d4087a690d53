package dev.taskrow.dashboard;

import dev.taskrow.core.TaskAdmin;
import dev.taskrow.core.Taskrow;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * The queues: running or paused, pause and resume ({@link TaskAdmin#pause}, audited under the
 * user's name), and the recurring kinds: their schedule, last enqueued slot and next slots.
 */
@Controller
@RequestMapping("${taskrow.dashboard.path:/ops/taskrow}/queues")
class QueuesController {
  private final TaskAdmin admin;
  private final Taskrow taskrow;
  private final DashboardProperties properties;

  QueuesController(TaskAdmin admin, Taskrow taskrow, DashboardProperties properties) {
    this.admin = admin;
    this.taskrow = taskrow;
    this.properties = properties;
  }

  @GetMapping
  String queues(Model model) throws SQLException {
    model.addAttribute("queues", admin.queueCounts(Instant.now().minus(Duration.ofHours(1))));
    model.addAttribute("schedules", RecurringSchedule.of(taskrow));
    return "taskrow-dashboard/queues";
  }

  @PostMapping("/{queue}/pause")
  String pause(
      @PathVariable String queue,
      @RequestAttribute(DashboardUser.ATTRIBUTE) DashboardUser user,
      RedirectAttributes redirect)
      throws SQLException {
    admin.pause(user.name(), queue);
    redirect.addFlashAttribute("done", "queue.paused.done");
    return "redirect:" + properties.getPath() + "/queues";
  }

  @PostMapping("/{queue}/resume")
  String resume(
      @PathVariable String queue,
      @RequestAttribute(DashboardUser.ATTRIBUTE) DashboardUser user,
      RedirectAttributes redirect)
      throws SQLException {
    admin.resume(user.name(), queue);
    redirect.addFlashAttribute("done", "queue.resumed");
    return "redirect:" + properties.getPath() + "/queues";
  }
}
