package dev.taskrow.core;

import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Claims tasks of one queue while it has free capacity: as many as are free, up to the batch size,
 * in one statement. Waits for a signal or the poll interval only when the queue had less to give.
 */
final class QueueRunner implements Runnable {
  private static final Logger log = LoggerFactory.getLogger(QueueRunner.class);
  private static final long CLAIM_LINGER_NANOS = 5_000_000L;

  private final TaskClaimer claimer;
  private final AttemptExecutor executor;
  private final String queue;
  private final int concurrency;
  private final int batchSize;
  private final Duration pollInterval;
  private final String[] kinds;
  private final Long[] leaseMillis;
  // Claim capacity: the tasks this queue holds, running or prefetched (one batch beyond the
  // concurrency), so the next batch is claimed while the current one runs.
  private final Semaphore permits;
  // Execution slots: the tasks whose handlers run at once.
  private final Semaphore slots;
  private final int capacity;
  private final Wakeup wakeup = new Wakeup();
  private final ClaimFloor floor;
  // The last claim got all it asked for: more work is waiting.
  private boolean busy;
  private volatile boolean stopping;
  private volatile Thread thread;

  QueueRunner(
      TaskClaimer claimer,
      AttemptExecutor executor,
      String queue,
      int concurrency,
      int batchSize,
      Duration pollInterval,
      List<TaskKind> kinds) {
    this.claimer = claimer;
    this.executor = executor;
    this.queue = queue;
    this.concurrency = concurrency;
    this.batchSize = batchSize;
    this.pollInterval = pollInterval;
    this.kinds = kinds.stream().map(TaskKind::name).toArray(String[]::new);
    this.leaseMillis = kinds.stream().map(k -> k.lease().toMillis()).toArray(Long[]::new);
    this.capacity = concurrency + this.batchSize;
    this.permits = new Semaphore(capacity);
    this.slots = new Semaphore(concurrency);
    this.floor = new ClaimFloor(() -> claimer.claimFloor(queue, this.kinds), pollInterval);
  }

  String queue() {
    return queue;
  }

  void start() {
    thread = Thread.ofPlatform().name("taskrow-claim-" + queue).start(this);
  }

  void wake() {
    wakeup.signal();
  }

  @Override
  public void run() {
    Duration errorBackoff = Duration.ofMillis(100);
    while (!stopping) {
      int reserved = 0;
      try {
        permits.acquire();
        reserved = 1;
        while (reserved < batchSize && permits.tryAcquire()) {
          reserved++;
        }
        if (busy) {
          reserved += lingerForPermits(reserved);
        }
        if (stopping) {
          break;
        }
        wakeup.clear();
        int requested = reserved;
        List<RunningTask> claimed =
            claimer.claim(queue, kinds, leaseMillis, requested, floor.current());
        permits.release(requested - claimed.size());
        reserved = 0;
        for (RunningTask task : claimed) {
          executor.dispatch(task, permits, slots);
        }
        errorBackoff = Duration.ofMillis(100);
        // Fewer than asked: the queue is drained for now. Otherwise it may have more: go on.
        busy = claimed.size() == requested;
        if (!busy) {
          wakeup.await(pollInterval);
        }
      } catch (InterruptedException e) {
        if (reserved > 0) {
          permits.release(reserved);
        }
        if (!stopping) {
          Thread.currentThread().interrupt();
        }
        break;
      } catch (SQLException | RuntimeException e) {
        permits.release(reserved);
        log.warn(
            "claim on queue {} failed, retrying in {} ms: {}",
            queue,
            errorBackoff.toMillis(),
            e.toString());
        try {
          wakeup.await(errorBackoff);
        } catch (InterruptedException interrupted) {
          break;
        }
        errorBackoff =
            errorBackoff.multipliedBy(2).compareTo(pollInterval) > 0
                ? pollInterval
                : errorBackoff.multipliedBy(2);
      }
    }
  }

  /**
   * On a busy queue, capacity comes back one finished task at a time; claiming each slot at once
   * would make every claim (a commit of its own, on one serial thread) carry a single task. Waiting
   * a moment for half a batch of free slots keeps claims batched; an idle queue never waits here.
   */
  private int lingerForPermits(int reserved) throws InterruptedException {
    int target = Math.max(1, batchSize / 2);
    int more = 0;
    long deadline = System.nanoTime() + CLAIM_LINGER_NANOS;
    while (reserved + more < target) {
      long remaining = deadline - System.nanoTime();
      if (remaining <= 0 || !permits.tryAcquire(remaining, TimeUnit.NANOSECONDS)) {
        break;
      }
      more++;
    }
    return more;
  }

  /** Stops claiming. Running tasks go on. */
  void stop() {
    stopping = true;
    wakeup.signal();
    Thread current = thread;
    if (current != null) {
      current.interrupt();
      try {
        current.join(5_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Waits until every handler of this queue has returned, or the time is up. */
  boolean awaitIdle(Duration timeout) throws InterruptedException {
    if (permits.tryAcquire(capacity, timeout.toNanos(), TimeUnit.NANOSECONDS)) {
      permits.release(capacity);
      return true;
    }
    return false;
  }
}
