package dev.taskrow.core;

/** Thrown inside the task's transaction when its (id, token) no longer matches: roll back. */
final class LeaseLostException extends RuntimeException {
  LeaseLostException() {
    super("lease lost", null, false, false);
  }
}
