package dev.dungji.registry;

import dev.dungji.DungjiException;
import dev.dungji.nest.Nest;
import dev.dungji.nest.NestService;
import dev.taskrow.core.NewTask;
import dev.taskrow.core.Submission;
import dev.taskrow.core.Task;
import dev.taskrow.spring.TaskrowTemplate;
import java.sql.SQLException;
import java.util.UUID;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Requests an issuance the seed's way, in one transaction: lock the nest and check its owner (404,
 * 403), then taskrow's submit-or-reuse on subject {@code nest:{id}} (reuse PROCESSING; reuse a
 * fresh PENDING; a stale PENDING becomes FAILED(STALE_PENDING) and a new row is made). The row is
 * the queue: once this commits the task cannot be lost, and if it does not commit nothing is left.
 */
public class IssuanceService {
  private final NestService nests;
  private final TaskrowTemplate taskrow;
  private final TransactionTemplate transactions;

  public IssuanceService(
      NestService nests, TaskrowTemplate taskrow, TransactionTemplate transactions) {
    this.nests = nests;
    this.taskrow = taskrow;
    this.transactions = transactions;
  }

  public Submission request(long userId, long nestId) {
    return transactions.execute(
        status -> {
          Nest nest = nests.lockOwned(userId, nestId);
          return taskrow.submitOrReuse(
              NewTask.of(RegistryTasks.ISSUE_KIND)
                  .subject(RegistryTasks.nestSubject(nest.id()))
                  .payload(Payloads.of("nest_id", nest.id())));
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
