package dev.taskrow.core;

/**
 * An admin request the engine refuses, with a stable {@link Code} an API turns into its answer (the
 * REST API: 400, 404 or 409 problem+json with the code's name). Nothing was changed.
 */
public final class AdminRefusal extends RuntimeException {
  /** Why; each name is the API's stable error code. */
  public enum Code {
    /** A filter value, a cursor, a page size or an expected count is not valid (400). */
    INVALID_FILTER,
    /** No task has the id (404). */
    TASK_NOT_FOUND,
    /** No registered kind uses the queue (404). */
    QUEUE_NOT_FOUND,
    /** Only a FAILED task can be re-run (409). */
    TASK_NOT_FAILED,
    /** The FAILED task was re-run already, or its subject has a newer task (409). */
    TASK_SUPERSEDED,
    /** The task's kind is not registered in this process, so it cannot be submitted here (409). */
    KIND_NOT_REGISTERED,
    /** The filter now matches more tasks than the confirmed call expected (409). */
    BULK_COUNT_MISMATCH
  }

  private final Code code;

  public AdminRefusal(Code code, String message) {
    super(message);
    this.code = code;
  }

  public Code code() {
    return code;
  }

  static AdminRefusal invalidFilter(String message) {
    return new AdminRefusal(Code.INVALID_FILTER, message);
  }
}
