package dev.taskrow.core;

/**
 * Receives signals. Called on the signal transport's thread: return quickly. A transport between
 * instances decodes task changes only for listeners that override {@link #onTaskChanged}.
 */
public interface SignalListener {
  default void onQueueHasWork(String queue) {}

  default void onTaskChanged(TaskChange change) {}
}
