package dev.taskrow.core;

/**
 * The four states of a task row. There are no others: a task waiting for its retry stays
 * PROCESSING.
 */
public enum TaskStatus {
  /** The row exists; no worker has really started it. */
  PENDING,
  /** A worker started it; it stays PROCESSING while it waits for a retry. */
  PROCESSING,
  /** Final. */
  SUCCESS,
  /** Final, always with an error code. */
  FAILED;

  public boolean isFinal() {
    return this == SUCCESS || this == FAILED;
  }
}
