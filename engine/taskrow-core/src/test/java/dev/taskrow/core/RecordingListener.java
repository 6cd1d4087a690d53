package dev.taskrow.core;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

/** Remembers what the engine reported, for assertions. */
final class RecordingListener implements TaskListener {
  final List<UUID> claimed = new CopyOnWriteArrayList<>();
  final List<UUID> rescued = new CopyOnWriteArrayList<>();
  final List<UUID> succeeded = new CopyOnWriteArrayList<>();
  final List<UUID> failed = new CopyOnWriteArrayList<>();
  final List<String> failedCodes = new CopyOnWriteArrayList<>();
  final List<UUID> retried = new CopyOnWriteArrayList<>();
  final List<UUID> snoozed = new CopyOnWriteArrayList<>();
  final List<UUID> leaseLost = new CopyOnWriteArrayList<>();

  @Override
  public void onClaimed(TaskEvent event, Duration waited) {
    claimed.add(event.taskId());
  }

  @Override
  public void onRescued(TaskEvent event) {
    rescued.add(event.taskId());
  }

  @Override
  public void onSucceeded(TaskEvent event, Duration runTime) {
    succeeded.add(event.taskId());
  }

  @Override
  public void onRetryScheduled(TaskEvent event, String errorCode, Duration delay) {
    retried.add(event.taskId());
  }

  @Override
  public void onSnoozed(TaskEvent event, Duration delay) {
    snoozed.add(event.taskId());
  }

  @Override
  public void onFailed(TaskEvent event, String errorCode, Duration runTime) {
    failed.add(event.taskId());
    failedCodes.add(errorCode);
  }

  @Override
  public void onLeaseLost(TaskEvent event) {
    leaseLost.add(event.taskId());
  }
}
