package dev.taskrow.core;

import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a {@link Tx} runs once it has committed, in the order added. One action failing does not
 * stop the others: the commit has happened, so each is logged and the rest still run.
 */
final class AfterCommitActions {
  private static final Logger log = LoggerFactory.getLogger(AfterCommitActions.class);
  private final List<Runnable> actions = new ArrayList<>();

  void add(Runnable action) {
    actions.add(action);
  }

  void runAll() {
    for (Runnable action : actions) {
      try {
        action.run();
      } catch (RuntimeException e) {
        log.warn("after-commit action failed", e);
      }
    }
  }
}
