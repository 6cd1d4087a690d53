package dev.taskrow.dashboard;

import dev.taskrow.core.AdminRefusal;
import dev.taskrow.core.FailureGroup;
import dev.taskrow.core.TaskAdmin;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * FAILED tasks of the last hours grouped by kind and error code, the largest group first, with the
 * newest message. Each group links to its tasks and to the dry run of a bulk re-run of exactly that
 * group (same kind, queue, code and time range).
 */
@Controller
@RequestMapping("${taskrow.dashboard.path:/ops/taskrow}/failures")
class FailuresController {
  static final List<Integer> HOURS = List.of(1, 24, 168);
  static final int GROUPS = 100;

  private final TaskAdmin admin;

  FailuresController(TaskAdmin admin) {
    this.admin = admin;
  }

  /** A group and the filter that selects its tasks. */
  public record Line(FailureGroup group, FilterForm filter) {}

  @GetMapping
  String failures(@RequestParam(defaultValue = "24") int hours, Model model) throws SQLException {
    if (!HOURS.contains(hours)) {
      throw new AdminRefusal(
          AdminRefusal.Code.INVALID_FILTER, "hours: " + hours + " is not one of " + HOURS);
    }
    // Whole seconds: the range travels in links, and the bulk dry run must select the same rows.
    Instant since = Instant.now().minus(Duration.ofHours(hours)).truncatedTo(ChronoUnit.SECONDS);
    List<Line> lines =
        admin.failureGroups(since, GROUPS).stream()
            .map(
                g ->
                    new Line(
                        g,
                        new FilterForm(
                            g.queue(),
                            g.kind(),
                            "FAILED",
                            g.errorCode(),
                            null,
                            since.toString(),
                            null)))
            .toList();
    model.addAttribute("lines", lines);
    model.addAttribute("hours", hours);
    model.addAttribute("hourChoices", HOURS);
    return "taskrow-dashboard/failures";
  }
}
