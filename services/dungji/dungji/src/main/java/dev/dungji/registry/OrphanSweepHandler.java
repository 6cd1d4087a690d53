package dev.dungji.registry;

import dev.taskrow.core.TaskContext;
import dev.taskrow.core.TaskHandler;

/**
 * Runs the orphan sweep as the task of one slot of its schedule; the keys removed go in the task's
 * result. One instance runs each slot, however many run the service.
 */
public class OrphanSweepHandler implements TaskHandler {
  private final OrphanSweeper sweeper;

  public OrphanSweepHandler(OrphanSweeper sweeper) {
    this.sweeper = sweeper;
  }

  @Override
  public void handle(TaskContext context) {
    int removed = sweeper.sweep().size();
    context.result("{\"removed\": " + removed + "}");
  }
}
