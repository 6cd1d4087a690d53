package dev.taskrow.core;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine's listeners as one: every listener call goes through here, and what one listener
 * throws is logged and goes no further (db-scheduler's {@code
 * SchedulerListeners.fireAndLogErrors}).
 *
 * <p>A listener only observes. Its failure must not change what the engine does: an exception out
 * of {@code onClaimed} used to abort the claim after the rows were taken, leaving claimed tasks
 * heartbeated but never run; one out of {@code onSucceeded}, after the commit, was taken for the
 * handler's failure and reported a lost lease for a task that had succeeded. The listeners after a
 * throwing one are still told. Only the VM's own failures (out of memory, stack overflow) escape.
 */
final class TaskListeners implements TaskListener {
  private static final Logger log = LoggerFactory.getLogger(TaskListeners.class);

  private final List<TaskListener> listeners;

  TaskListeners(List<TaskListener> listeners) {
    this.listeners = List.copyOf(listeners);
  }

  @Override
  public void onClaimed(TaskEvent event, Duration waited) {
    fire("onClaimed", event, l -> l.onClaimed(event, waited));
  }

  @Override
  public void onRescued(TaskEvent event) {
    fire("onRescued", event, l -> l.onRescued(event));
  }

  @Override
  public void onSucceeded(TaskEvent event, Duration runTime) {
    fire("onSucceeded", event, l -> l.onSucceeded(event, runTime));
  }

  @Override
  public void onRetryScheduled(TaskEvent event, String errorCode, Duration delay) {
    fire("onRetryScheduled", event, l -> l.onRetryScheduled(event, errorCode, delay));
  }

  @Override
  public void onSnoozed(TaskEvent event, Duration delay) {
    fire("onSnoozed", event, l -> l.onSnoozed(event, delay));
  }

  @Override
  public void onFailed(TaskEvent event, String errorCode, Duration runTime) {
    fire("onFailed", event, l -> l.onFailed(event, errorCode, runTime));
  }

  @Override
  public void onLeaseLost(TaskEvent event) {
    fire("onLeaseLost", event, l -> l.onLeaseLost(event));
  }

  @Override
  public void onSlotsEnqueued(String kind, List<Instant> slots, long skipped) {
    for (TaskListener listener : listeners) {
      try {
        listener.onSlotsEnqueued(kind, slots, skipped);
      } catch (VirtualMachineError e) {
        throw e;
      } catch (Throwable e) {
        log.warn(
            "task listener {} threw in onSlotsEnqueued for {}; ignored, the engine goes on",
            listener.getClass().getName(),
            kind,
            e);
      }
    }
  }

  private void fire(String callback, TaskEvent event, Consumer<TaskListener> call) {
    for (TaskListener listener : listeners) {
      try {
        call.accept(listener);
      } catch (VirtualMachineError e) {
        throw e;
      } catch (Throwable e) {
        log.warn(
            "task listener {} threw in {} for task {} ({}); ignored, the engine goes on",
            listener.getClass().getName(),
            callback,
            event.taskId(),
            event.kind(),
            e);
      }
    }
  }
}
