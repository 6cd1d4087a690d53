package dev.taskrow.core;

/**
 * Carries a trace from the code that submits a task to the handler that runs it. At submit the
 * engine asks for the {@link #currentContext() current context} and stores it on the row ({@code
 * trace_parent}); each attempt's handler then runs inside {@link #startAttempt a span} that
 * continues it, current on the handler's thread, so a follow-up submitted by the handler carries
 * the handler's span and a chain of tasks is one trace.
 *
 * <p>The engine knows no tracing library: the Spring module implements this on Micrometer Tracing.
 * The default, {@link #NONE}, stores nothing and starts nothing. What an implementation throws is
 * logged and contained: tracing never fails a submit or an attempt.
 */
public interface TaskTracing {
  /** Stores nothing, starts nothing. */
  TaskTracing NONE =
      new TaskTracing() {
        @Override
        public String currentContext() {
          return null;
        }

        @Override
        public AttemptSpan startAttempt(Task task) {
          return AttemptSpan.NONE;
        }
      };

  /**
   * The submitting thread's trace context to store on the new row (the Spring module writes a W3C
   * traceparent), or null when there is none. At most 512 characters.
   */
  String currentContext();

  /**
   * Starts the span of one attempt of {@code task}, continuing {@link Task#traceParent()} (which
   * may be null or, written by hand, malformed: then a new trace), and makes it current on the
   * calling thread, the handler's, until {@link AttemptSpan#end} is called on the same thread.
   */
  AttemptSpan startAttempt(Task task);

  /** How an attempt ended, for the span. */
  enum Outcome {
    /** The handler returned (a batched kind's success is recorded after the span ends). */
    SUCCEEDED,
    /** The handler failed; the retry policy decides whether it runs again. */
    FAILED,
    /** The handler snoozed ({@link TaskSnooze}). */
    SNOOZED,
    /** Another worker owns the task now: this attempt's writes were discarded. */
    LEASE_LOST
  }

  /** One attempt's span, current on the handler's thread until it ends. */
  interface AttemptSpan {
    AttemptSpan NONE = (outcome, errorCode, error) -> {};

    /**
     * Ends the span and its scope, on the thread that started it.
     *
     * @param errorCode the attempt's error code when it {@link Outcome#FAILED failed}, else null
     * @param error what the handler threw, or null
     */
    void end(Outcome outcome, String errorCode, Throwable error);
  }
}
