package dev.taskrow.core;

/**
 * The code that runs a task. Return normally for SUCCESS; throw a {@link TaskFailure} with an error
 * code to fail the attempt (the kind's policy decides whether it is retried); throw a {@link
 * TaskSnooze} to look again later without consuming an attempt; anything else thrown is UNKNOWN,
 * the safety net.
 */
@FunctionalInterface
public interface TaskHandler {
  void handle(TaskContext context) throws Exception;
}
