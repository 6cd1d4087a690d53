package dev.dungji.registry;

import dev.taskrow.core.TaskContext;
import dev.taskrow.core.TaskHandler;

/**
 * Runs {@link IssuanceCountPruner} as the task of one slot of its schedule; the rows removed and
 * the first day kept go in the task's result. One instance runs each slot, however many run the
 * service.
 */
public class IssuanceCountPruneHandler implements TaskHandler {
  private final IssuanceCountPruner pruner;

  public IssuanceCountPruneHandler(IssuanceCountPruner pruner) {
    this.pruner = pruner;
  }

  @Override
  public void handle(TaskContext context) {
    String keptFrom = pruner.keptFrom().toString();
    int removed = pruner.prune();
    context.result("{\"removed\": " + removed + ", \"kept_from\": \"" + keptFrom + "\"}");
  }
}
