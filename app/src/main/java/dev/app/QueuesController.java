package dev.app;

import dev.platform.web.ProblemResponse;
import dev.taskrow.core.Taskrow;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.sql.SQLException;
import java.time.Duration;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * What an operator asks the engine first: how much work waits in each queue, and for how long. An
 * {@code ADMIN} token only, as every path under {@code /ops} (the account system's security chain).
 * The admin API ({@code /api/admin/taskrow}) has the finer counts and the actions.
 */
@RestController
@RequestMapping("/ops")
@Tag(name = "ops", description = "Operating the task engine")
class QueuesController {
  private final Taskrow taskrow;

  QueuesController(Taskrow taskrow) {
    this.taskrow = taskrow;
  }

  @GetMapping("/queues")
  @Operation(
      summary = "Task counts by queue and status",
      description =
          "Counts every task row by queue and status, and how long the oldest due"
              + " PENDING task has waited.")
  @ProblemResponse(status = 403, codes = "FORBIDDEN")
  QueuesReport queues() throws SQLException {
    return QueuesReport.of(
        taskrow.activeCounts(), taskrow.oldestPendingAge().map(Duration::toMillis));
  }
}
