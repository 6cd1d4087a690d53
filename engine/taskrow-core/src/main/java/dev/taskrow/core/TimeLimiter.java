package dev.taskrow.core;

import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Interrupts a handler that runs past its kind's time limit ({@link TaskKind#timeLimit()}). One
 * timer thread per worker, and none when no kind of the worker has a limit: a kind without one
 * costs nothing per attempt.
 */
final class TimeLimiter {
  private static final Logger log = LoggerFactory.getLogger(TimeLimiter.class);
  private static final Runnable NOT_WATCHED = () -> {};

  // Null when no kind of the worker has a time limit.
  private final ScheduledThreadPoolExecutor timer;

  TimeLimiter(Collection<TaskKind> kinds) {
    if (kinds.stream().anyMatch(kind -> kind.timeLimit() != null)) {
      timer =
          new ScheduledThreadPoolExecutor(
              1, Thread.ofPlatform().daemon().name("taskrow-time-limit").factory());
      // Most handlers end well within their limit: their timers must not pile up until then.
      timer.setRemoveOnCancelPolicy(true);
    } else {
      timer = null;
    }
  }

  /**
   * Starts the time limit of a handler that starts now; returns what stops it once the handler has
   * ended.
   */
  Runnable watch(RunningTask task) {
    Duration limit = task.taskKind().timeLimit();
    if (limit == null) {
      return NOT_WATCHED;
    }
    try {
      ScheduledFuture<?> expiry =
          timer.schedule(() -> expire(task, limit), limit.toNanos(), TimeUnit.NANOSECONDS);
      return () -> expiry.cancel(false);
    } catch (RejectedExecutionException e) {
      return NOT_WATCHED; // shutting down: the shutdown bounds the handler instead
    }
  }

  private static void expire(RunningTask task, Duration limit) {
    if (task.timeOut()) {
      log.warn(
          "task {} ({}) ran past its time limit of {}; its handler is interrupted",
          task.taskId(),
          task.kind(),
          limit);
    }
  }

  void shutdown() {
    if (timer != null) {
      timer.shutdownNow();
    }
  }
}
