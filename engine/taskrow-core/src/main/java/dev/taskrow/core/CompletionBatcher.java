package dev.taskrow.core;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records the SUCCESS of non-transactional tasks many rows per commit. It flushes as soon as it has
 * anything; while one flush runs, the next completions gather, so batches grow with the load and an
 * idle system pays no added latency (group commit).
 */
final class CompletionBatcher {
  private static final Logger log = LoggerFactory.getLogger(CompletionBatcher.class);
  private static final int MAX_ATTEMPTS = 3;

  private final OutcomeRecorder outcomes;
  private final int maxBatch;
  private final LinkedBlockingQueue<RunningTask> pending = new LinkedBlockingQueue<>();
  private volatile boolean stopping;
  private Thread thread;

  CompletionBatcher(OutcomeRecorder outcomes, int maxBatch) {
    this.outcomes = outcomes;
    this.maxBatch = maxBatch;
  }

  void start() {
    thread = Thread.ofPlatform().name("taskrow-complete").start(this::loop);
  }

  void add(RunningTask task) {
    pending.add(task);
  }

  private void loop() {
    while (!stopping || !pending.isEmpty()) {
      try {
        RunningTask first = pending.poll(100, TimeUnit.MILLISECONDS);
        if (first == null) {
          continue;
        }
        List<RunningTask> batch = new ArrayList<>();
        batch.add(first);
        pending.drainTo(batch, maxBatch - 1);
        flush(batch);
      } catch (InterruptedException e) {
        if (!stopping) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  private void flush(List<RunningTask> all) {
    List<RunningTask> stale = new ArrayList<>();
    List<RunningTask> batch = newestPerTask(all, stale);
    Object[] ids = new Object[batch.size()];
    Object[] tokens = new Object[batch.size()];
    Object[] results = new Object[batch.size()];
    for (int i = 0; i < batch.size(); i++) {
      Task task = batch.get(i).task();
      ids[i] = task.id();
      tokens[i] = task.fenceToken();
      results[i] = batch.get(i).resultJson();
    }
    for (int attempt = 1; ; attempt++) {
      try {
        Set<UUID> completed = new HashSet<>(outcomes.completeBatch(batch, ids, tokens, results));
        for (RunningTask task : batch) {
          outcomes.finished(task, completed.contains(task.taskId()));
        }
        for (RunningTask task : stale) {
          outcomes.finished(task, false);
        }
        return;
      } catch (SQLException | RuntimeException e) {
        if (attempt >= MAX_ATTEMPTS) {
          // The rows stay PROCESSING; their leases expire and the tasks run again: at least once.
          log.error(
              "could not record the success of {} tasks; they will run again after their "
                  + "lease: {}",
              batch.size(),
              e.toString());
          for (RunningTask task : all) {
            outcomes.abandoned(task);
          }
          return;
        }
        log.warn(
            "recording {} successes failed (attempt {}), retrying: {}",
            batch.size(),
            attempt,
            e.toString());
      }
    }
  }

  /**
   * One entry per task: the claim with the highest fence token. A task rescued while its earlier
   * attempt still ran in this process can finish twice in one batch; only the newer claim can still
   * hold the row (each claim raises the token), and the batched statement keys its outcomes by id,
   * one entry each, so a stale entry sent last would have fenced off the live one. The stale
   * attempts go to {@code stale}: they lost their lease.
   */
  static List<RunningTask> newestPerTask(List<RunningTask> batch, List<RunningTask> stale) {
    Map<UUID, RunningTask> newest = new LinkedHashMap<>();
    for (RunningTask task : batch) {
      RunningTask other = newest.get(task.taskId());
      if (other == null) {
        newest.put(task.taskId(), task);
      } else if (task.task().fenceToken() > other.task().fenceToken()) {
        newest.put(task.taskId(), task);
        stale.add(other);
      } else {
        stale.add(task);
      }
    }
    return newest.size() == batch.size() ? batch : new ArrayList<>(newest.values());
  }

  /** Records everything still queued, then stops. */
  void stop() {
    stopping = true;
    if (thread != null) {
      try {
        thread.join(10_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
