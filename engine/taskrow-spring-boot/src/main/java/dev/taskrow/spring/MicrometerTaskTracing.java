package dev.taskrow.spring;

import dev.taskrow.core.Task;
import dev.taskrow.core.TaskTracing;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.TraceContext;
import io.micrometer.tracing.Tracer;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link TaskTracing} on Micrometer Tracing (either bridge, OpenTelemetry or Brave). A submit
 * stores the current span's context as a W3C traceparent; each attempt runs in a {@code CONSUMER}
 * span named {@code taskrow.task <kind>}, a child of the stored context, current on the handler's
 * thread (so the handler's own instrumented calls and the follow-ups it submits belong to it). The
 * sampling decision travels with the context: an unsampled request's tasks are unsampled too.
 */
final class MicrometerTaskTracing implements TaskTracing {
  private static final Logger log = LoggerFactory.getLogger(MicrometerTaskTracing.class);

  private final Tracer tracer;
  private final AtomicBoolean malformedLogged = new AtomicBoolean();

  MicrometerTaskTracing(Tracer tracer) {
    this.tracer = tracer;
  }

  @Override
  public String currentContext() {
    Span span = tracer.currentSpan();
    if (span == null || span.isNoop()) {
      return null;
    }
    TraceContext context = span.context();
    return TraceParent.format(context.traceId(), context.spanId(), context.sampled());
  }

  @Override
  public AttemptSpan startAttempt(Task task) {
    Span.Builder builder =
        tracer
            .spanBuilder()
            .name("taskrow.task " + task.kind())
            .kind(Span.Kind.CONSUMER)
            .tag("taskrow.kind", task.kind())
            .tag("taskrow.queue", task.queue())
            .tag("taskrow.task.id", task.id().toString())
            .tag("taskrow.attempt", task.attemptCount());
    TraceParent parent = TraceParent.parse(task.traceParent());
    if (parent != null) {
      builder.setParent(
          tracer
              .traceContextBuilder()
              .traceId(parent.traceId())
              .spanId(parent.spanId())
              .sampled(parent.sampled())
              .build());
    } else {
      // No trace to continue (or one that cannot be read): the attempt starts its own.
      if (task.traceParent() != null) {
        malformed(task);
      }
      builder.setNoParent();
    }
    Span span = builder.start();
    Tracer.SpanInScope scope = tracer.withSpan(span);
    return (outcome, errorCode, error) -> {
      try {
        span.tag("taskrow.outcome", outcome.name().toLowerCase(Locale.ROOT));
        if (errorCode != null) {
          span.tag("taskrow.error_code", errorCode);
        }
        if (error != null) {
          span.error(error);
        }
      } finally {
        scope.close();
        span.end();
      }
    };
  }

  private void malformed(Task task) {
    String message =
        "task {} ({}) has a trace_parent that is no W3C traceparent ({}); its attempt starts a new"
            + " trace";
    if (malformedLogged.compareAndSet(false, true)) {
      log.warn(
          message + " (logged once; later ones at DEBUG)",
          task.id(),
          task.kind(),
          task.traceParent());
    } else {
      log.debug(message, task.id(), task.kind(), task.traceParent());
    }
  }
}
