package dev.dungji.registry;

import dev.dungji.DungjiException;
import dev.dungji.nest.Nest;
import dev.dungji.nest.NestService;
import dev.taskrow.core.NewTask;
import dev.taskrow.core.Submission;
import dev.taskrow.core.Task;
import dev.taskrow.core.TaskStatus;
import dev.taskrow.spring.TaskrowTemplate;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Requests an issuance the seed's way, in one transaction: lock the nest and check its owner (404,
 * 403), then taskrow's submit-or-reuse on subject {@code nest:{id}} (reuse PROCESSING; reuse a
 * fresh PENDING; a stale PENDING becomes FAILED(STALE_PENDING) and a new row is made). The row is
 * the queue: once this commits the task cannot be lost, and if it does not commit nothing is left.
 * Before paying again, a recent certificate of the nest is answered; a new task takes quota.
 */
public class IssuanceService {
  private final NestService nests;
  private final TaskrowTemplate taskrow;
  private final TransactionTemplate transactions;
  private final RegistryFiles files;
  private final IssuanceQuota quota;
  private final Duration reuseWindow;
  private final Clock clock;

  public IssuanceService(
      NestService nests,
      TaskrowTemplate taskrow,
      TransactionTemplate transactions,
      RegistryFiles files,
      IssuanceQuota quota,
      Duration reuseWindow,
      Clock clock) {
    this.nests = nests;
    this.taskrow = taskrow;
    this.transactions = transactions;
    this.files = files;
    this.quota = quota;
    this.reuseWindow = reuseWindow;
    this.clock = clock;
  }

  /**
   * What an issuance request got: a new task, the active one, or a recent certificate's task.
   *
   * @param reused an existing task answers (active, or SUCCESS with a recent certificate)
   * @param recentCertificate the answer is a certificate issued within the reuse window
   */
  public record Requested(
      UUID taskId, TaskStatus status, boolean reused, boolean recentCertificate) {}

  /**
   * An active task is reused; unless {@code fresh}, so is a certificate of the nest issued within
   * the reuse window. Only a new task takes quota, in the same transaction (a refusal leaves no
   * row).
   */
  public Requested request(long userId, long nestId, boolean fresh) {
    return transactions.execute(
        status -> {
          Nest nest = nests.lockOwned(userId, nestId);
          if (!fresh && reuseWindow.isPositive()) {
            Optional<UUID> recent =
                files.newestIssuanceSince(nest.id(), clock.instant().minus(reuseWindow));
            if (recent.isPresent()) {
              return new Requested(recent.get(), TaskStatus.SUCCESS, true, true);
            }
          }
          Submission s =
              taskrow.submitOrReuse(
                  NewTask.of(RegistryTasks.ISSUE_KIND)
                      .subject(RegistryTasks.nestSubject(nest.id()))
                      .payload(Payloads.of("nest_id", nest.id())));
          if (!s.reused()) {
            quota.take(userId, nest.id());
          }
          return new Requested(s.taskId(), s.status(), s.reused(), false);
        });
  }

  /**
   * A task of this kind that belongs to the user's nest; 404/403 for the nest, 404 for the task.
   */
  public Task task(long userId, long nestId, UUID taskId, String kind) {
    nests.owned(userId, nestId);
    Task task;
    try {
      task = taskrow.engine().find(taskId).orElseThrow(DungjiException::taskNotFound);
    } catch (SQLException e) {
      throw new DataAccessResourceFailureException("could not read task " + taskId, e);
    }
    if (!task.kind().equals(kind) || !RegistryTasks.belongsToNest(task.subject(), nestId)) {
      throw DungjiException.taskNotFound();
    }
    return task;
  }
}
