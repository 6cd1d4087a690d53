package dev.taskrow.core;

import java.util.Collection;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Signals within one JVM: enough for a single instance; other instances rely on polling. */
public final class InProcessSignals implements Signals {
  private static final Logger log = LoggerFactory.getLogger(InProcessSignals.class);
  private final CopyOnWriteArrayList<SignalListener> listeners = new CopyOnWriteArrayList<>();

  @Override
  public void queueHasWork(String queue) {
    for (SignalListener listener : listeners) {
      try {
        listener.onQueueHasWork(queue);
      } catch (RuntimeException e) {
        log.warn("signal listener failed", e);
      }
    }
  }

  @Override
  public void tasksChanged(Collection<TaskChange> changes) {
    for (SignalListener listener : listeners) {
      for (TaskChange change : changes) {
        try {
          listener.onTaskChanged(change);
        } catch (RuntimeException e) {
          log.warn("signal listener failed", e);
        }
      }
    }
  }

  @Override
  public AutoCloseable subscribe(SignalListener listener) {
    listeners.add(listener);
    return () -> listeners.remove(listener);
  }
}
