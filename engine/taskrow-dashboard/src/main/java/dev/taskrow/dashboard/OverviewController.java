package dev.taskrow.dashboard;

import dev.taskrow.core.QueueCounts;
import dev.taskrow.core.TaskAdmin;
import dev.taskrow.core.TaskOverview;
import dev.taskrow.core.Taskrow;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;

/**
 * The overview: each queue's counts, oldest PENDING age and last hour, and the workers the registry
 * knows. The page reloads its live part ({@code /live}) by htmx polling every {@code
 * taskrow.dashboard.refresh}: a plain GET of an HTML fragment, which needs no open connection per
 * viewer as server-sent events would, and which the application's security treats as any other
 * page.
 */
@Controller
@RequestMapping("${taskrow.dashboard.path:/ops/taskrow}")
class OverviewController {
  private final TaskAdmin admin;
  private final Taskrow taskrow;
  private final TaskOverview queries;

  OverviewController(TaskAdmin admin, Taskrow taskrow, TaskOverview queries) {
    this.admin = admin;
    this.taskrow = taskrow;
    this.queries = queries;
  }

  /** One queue's line of the overview. */
  public record QueueLine(QueueCounts counts, Duration oldestPending, Sparkline lastHour) {}

  @GetMapping
  String overview(Model model) throws SQLException {
    live(model);
    return "taskrow-dashboard/overview";
  }

  @GetMapping("/live")
  String liveFragment(Model model) throws SQLException {
    live(model);
    return "taskrow-dashboard/overview :: live";
  }

  private void live(Model model) throws SQLException {
    List<QueueCounts> counts = admin.queueCounts(Instant.now().minus(Duration.ofHours(1)));
    Map<String, Duration> oldest = queries.oldestPendingAge();
    Map<String, TaskOverview.Throughput> perMinute = queries.perMinute();
    List<QueueLine> lines = new ArrayList<>();
    for (QueueCounts queue : counts) {
      TaskOverview.Throughput t =
          perMinute.getOrDefault(queue.queue(), new TaskOverview.Throughput());
      lines.add(
          new QueueLine(queue, oldest.get(queue.queue()), Sparkline.of(t.succeeded(), t.failed())));
    }
    model.addAttribute("queues", lines);
    model.addAttribute("workers", taskrow.workers());
    model.addAttribute("readAt", Instant.now());
  }
}
