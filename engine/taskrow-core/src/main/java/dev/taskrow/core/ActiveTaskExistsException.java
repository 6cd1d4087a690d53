package dev.taskrow.core;

/**
 * A plain {@link Taskrow#submit} for a (kind, subject) that already has an active task. Use {@link
 * Taskrow#submitOrReuse} to get the active task instead. The caller's transaction is aborted.
 */
public final class ActiveTaskExistsException extends IllegalStateException {
  public ActiveTaskExistsException(String kind, String subject, Throwable cause) {
    super("an active " + kind + " task already exists for " + subject, cause);
  }
}
