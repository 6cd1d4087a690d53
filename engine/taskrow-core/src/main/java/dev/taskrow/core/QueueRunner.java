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
  // The kinds without a concurrency limit, claimed by the single-statement claim.
  private final String[] kinds;
  private final Long[] leaseMillis;
  // The kinds with one (ConcurrencyLimit), claimed within their keys' limits, first.
  private final String[] limitedKinds;
  private final Integer[] limits;
  private final Long[] limitedLeaseMillis;
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
    List<TaskKind> unlimited = kinds.stream().filter(k -> k.concurrencyLimit() == null).toList();
    List<TaskKind> limited = kinds.stream().filter(k -> k.concurrencyLimit() != null).toList();
    this.kinds = unlimited.stream().map(TaskKind::name).toArray(String[]::new);
    this.leaseMillis = unlimited.stream().map(k -> k.lease().toMillis()).toArray(Long[]::new);
    this.limitedKinds = limited.stream().map(TaskKind::name).toArray(String[]::new);
    this.limits = limited.stream().map(k -> k.concurrencyLimit().limit()).toArray(Integer[]::new);
    this.limitedLeaseMillis = limited.stream().map(k -> k.lease().toMillis()).toArray(Long[]::new);
    this.capacity = concurrency + this.batchSize;
    this.permits = limited.isEmpty() ? new Semaphore(capacity) : new WakingPermits(capacity);
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
        int claimed = 0;
        if (limitedKinds.length > 0) {
          List<RunningTask> within =
              claimer.claimWithinLimits(queue, limitedKinds, limits, limitedLeaseMillis, reserved);
          // Dispatched at once: each holds one of the reserved permits from here on.
          reserved -= within.size();
          claimed += within.size();
          within.forEach(task -> executor.dispatch(task, permits, slots));
        }
        if (kinds.length > 0 && reserved > 0) {
          List<RunningTask> tasks =
              claimer.claim(queue, kinds, leaseMillis, reserved, floor.current());
          reserved -= tasks.size();
          claimed += tasks.size();
          tasks.forEach(task -> executor.dispatch(task, permits, slots));
        }
        permits.release(reserved);
        reserved = 0;
        errorBackoff = Duration.ofMillis(100);
        // Fewer than asked: the queue is drained for now. Otherwise it may have more: go on.
        busy = claimed == requested;
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

  /**
   * The claim capacity of a queue with limited kinds. A task that gives its permit back has ended,
   * and its key's slot may be free: the runner looks again at once instead of at its next poll (a
   * task held back by its key's limit waits for exactly this). Other instances see the slot at
   * their next claim or poll. The runner's own releases (what a claim did not get) do not wake it,
   * or a queue whose keys are all full would claim in a loop.
   */
  private final class WakingPermits extends Semaphore {
    WakingPermits(int permits) {
      super(permits);
    }

    @Override
    public void release() {
      super.release();
      wakeUnlessRunner();
    }

    @Override
    public void release(int n) {
      super.release(n);
      wakeUnlessRunner();
    }

    private void wakeUnlessRunner() {
      if (Thread.currentThread() != thread) {
        wakeup.signal();
      }
    }
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
