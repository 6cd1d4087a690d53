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
 * newest message. Each group links to its tasks, to the dry run of a bulk re-run of exactly that
 * group (same kind, queue, code and time range), and to the dry run of a bulk cancel of the group's
 * kind: its tasks still waiting or running in that queue, which would fail the same way. An error
 * code belongs to a finished task only (an active one has none to match), so the cancel's group is
 * the kind and queue; the dry run shows how many that is and the confirmation takes no more.
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

  /**
   * A group, the filter that selects its tasks, and the filter of its kind's active tasks (what a
   * cancel of the group takes).
   */
  public record Line(FailureGroup group, FilterForm filter, FilterForm active) {}

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
                            null),
                        new FilterForm(g.queue(), g.kind(), null, null, null, null, null)))
            .toList();
    model.addAttribute("lines", lines);
    model.addAttribute("hours", hours);
    model.addAttribute("hourChoices", HOURS);
    return "taskrow-dashboard/failures";
  }
}
