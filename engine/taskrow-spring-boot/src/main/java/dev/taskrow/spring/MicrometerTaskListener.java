package dev.taskrow.spring;

import dev.taskrow.core.TaskEvent;
import dev.taskrow.core.TaskListener;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The engine's events as Micrometer meters, tagged by kind and queue: counters {@code
 * taskrow.tasks.claimed|succeeded|failed|retried|snoozed|rescued|lease_lost} (failed and retried
 * also by error_code) and timers {@code taskrow.task.wait} (due to claimed) and {@code
 * taskrow.task.run} (claimed to outcome, tagged by outcome); for recurring kinds, counters {@code
 * taskrow.schedule.enqueued} and {@code taskrow.schedule.skipped} (missed slots the misfire policy
 * did not run), tagged by kind.
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

  @Override
  public void onSlotsEnqueued(String kind, List<Instant> slots, long skipped) {
    Counter.builder("taskrow.schedule.enqueued")
        .description("Slots of a recurring kind enqueued as tasks, by any instance's scheduler")
        .tag("kind", kind)
        .register(registry)
        .increment(slots.size());
    if (skipped > 0) {
      Counter.builder("taskrow.schedule.skipped")
          .description("Missed slots of a recurring kind its misfire policy did not run")
          .tag("kind", kind)
          .register(registry)
          .increment(skipped);
    }
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
