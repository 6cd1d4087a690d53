package dev.taskrow.core;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine's side of {@link TaskTracing}: what an implementation throws is logged and contained,
 * and an attempt's end is told as an outcome and an error code, which the implementation cannot
 * read from the engine's own exceptions. With {@link TaskTracing#NONE} every call returns a
 * constant: no allocation, no work (the drain benchmark runs with it).
 */
final class AttemptTracing {
  private static final Logger log = LoggerFactory.getLogger(AttemptTracing.class);

  /** An attempt's span as the attempt executor ends it. */
  interface Attempt {
    Attempt NONE = error -> {};

    /** Ends the span; {@code error} is what ended the attempt (unwrapped), or null for success. */
    void end(Throwable error);
  }

  private final TaskTracing tracing;

  AttemptTracing(TaskTracing tracing) {
    this.tracing = tracing;
  }

  boolean isNone() {
    return tracing == TaskTracing.NONE;
  }

  /** The context to store on a row submitted now, or null. */
  String currentContext() {
    if (isNone()) {
      return null;
    }
    try {
      String context = tracing.currentContext();
      if (context != null && context.length() > 512) {
        log.warn("trace context of {} characters not stored (at most 512)", context.length());
        return null;
      }
      return context;
    } catch (RuntimeException e) {
      log.warn("tracing could not read the current trace context; none stored", e);
      return null;
    }
  }

  /** Starts the span of an attempt of {@code task}, current on this thread until it ends. */
  Attempt start(Task task) {
    if (isNone()) {
      return Attempt.NONE;
    }
    TaskTracing.AttemptSpan span;
    try {
      span = tracing.startAttempt(task);
    } catch (RuntimeException e) {
      log.warn("tracing could not start the span of task {}; it runs untraced", task.id(), e);
      return Attempt.NONE;
    }
    return error -> end(task, span, error);
  }

  private static void end(Task task, TaskTracing.AttemptSpan span, Throwable error) {
    try {
      if (error == null) {
        span.end(TaskTracing.Outcome.SUCCEEDED, null, null);
      } else if (error instanceof LeaseLostException) {
        span.end(TaskTracing.Outcome.LEASE_LOST, null, null);
      } else if (error instanceof TaskSnooze) {
        span.end(TaskTracing.Outcome.SNOOZED, null, null);
      } else {
        span.end(TaskTracing.Outcome.FAILED, errorCode(error), error);
      }
    } catch (RuntimeException e) {
      log.warn("tracing could not end the span of task {}", task.id(), e);
    }
  }

  /** The code the attempt failed with, as {@link FailureClassifier} reads it. */
  private static String errorCode(Throwable error) {
    if (error instanceof TaskFailure failure) {
      return failure.code();
    }
    TaskFailure transientFailure = FailureClassifier.transientDatabaseFailure(error);
    return transientFailure != null ? transientFailure.code() : ErrorCodes.UNKNOWN;
  }
}
