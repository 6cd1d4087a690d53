package dev.taskrow.core;

/** Receives signals. Called on the signal transport's thread: return quickly. */
public interface SignalListener {
  default void onQueueHasWork(String queue) {}

  default void onTaskChanged(TaskChange change) {}
}
