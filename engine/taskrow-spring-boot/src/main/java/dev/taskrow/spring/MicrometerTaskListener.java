package dev.taskrow.spring;

import dev.taskrow.core.TaskEvent;
import dev.taskrow.core.TaskListener;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;

/**
 * The engine's events as Micrometer meters, tagged by kind and queue: counters {@code
 * taskrow.tasks.claimed|succeeded|failed|retried|snoozed|rescued|lease_lost} (failed and retried
 * also by error_code) and timers {@code taskrow.task.wait} (due to claimed) and {@code
 * taskrow.task.run} (claimed to outcome, tagged by outcome).
 */
public class MicrometerTaskListener implements TaskListener {
  private final MeterRegistry registry;

  public MicrometerTaskListener(MeterRegistry registry) {
    this.registry = registry;
  }

  @Override
  public void onClaimed(TaskEvent event, Duration waited) {
    count("taskrow.tasks.claimed", event, Tags.empty());
    Timer.builder("taskrow.task.wait")
        .description("From a task's due time until a worker claimed it")
        .tags(tags(event))
        .register(registry)
        .record(waited);
  }

  @Override
  public void onRescued(TaskEvent event) {
    count("taskrow.tasks.rescued", event, Tags.empty());
  }

  @Override
  public void onSucceeded(TaskEvent event, Duration runTime) {
    count("taskrow.tasks.succeeded", event, Tags.empty());
    recordRun(event, runTime, "success");
  }

  @Override
  public void onRetryScheduled(TaskEvent event, String errorCode, Duration delay) {
    count("taskrow.tasks.retried", event, Tags.of("error_code", errorCode));
  }

  @Override
  public void onSnoozed(TaskEvent event, Duration delay) {
    count("taskrow.tasks.snoozed", event, Tags.empty());
  }

  @Override
  public void onFailed(TaskEvent event, String errorCode, Duration runTime) {
    count("taskrow.tasks.failed", event, Tags.of("error_code", errorCode));
    recordRun(event, runTime, "failure");
  }

  @Override
  public void onLeaseLost(TaskEvent event) {
    count("taskrow.tasks.lease_lost", event, Tags.empty());
  }

  private void count(String name, TaskEvent event, Tags extra) {
    Counter.builder(name).tags(tags(event).and(extra)).register(registry).increment();
  }

  private void recordRun(TaskEvent event, Duration runTime, String outcome) {
    Timer.builder("taskrow.task.run")
        .description("From claim to the recorded outcome of an attempt")
        .tags(tags(event).and("outcome", outcome))
        .register(registry)
        .record(runTime);
  }

  private static Tags tags(TaskEvent event) {
    return Tags.of("kind", event.kind(), "queue", event.queue());
  }
}
