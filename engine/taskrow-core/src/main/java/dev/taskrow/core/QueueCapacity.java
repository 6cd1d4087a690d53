package dev.taskrow.core;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * One queue of a worker: its kinds, its capacity, and whether it wants a claim now. The {@link
 * ClaimLoop} claims for it, together with the worker's other queues.
 *
 * <p>A queue wants a claim when its last claim got all it asked for (more work is waiting), when a
 * signal said it has work, or when its poll interval has passed since its last claim came back
 * short. It gets one when it also has free claim permits.
 */
final class QueueCapacity {
  final String queue;
  final int batchSize;
  // The kinds without a concurrency limit, claimed by the worker's single claim statement.
  final String[] kinds;
  final Long[] leaseMillis;
  // The kinds with one (ConcurrencyLimit), claimed within their keys' limits, first.
  final String[] limitedKinds;
  final Integer[] limits;
  final Long[] limitedLeaseMillis;
  // Claim capacity: the tasks this queue holds, running or prefetched (one batch beyond the
  // concurrency), so the next batch is claimed while the current one runs.
  final Semaphore permits;
  // Execution slots: the tasks whose handlers run at once.
  final Semaphore slots;
  private final int capacity;
  private final long pollNanos;
  private final Wakeup loopWakeup;
  private volatile Thread loopThread;
  private volatile boolean busy;
  private volatile boolean signalled = true;
  private volatile long nextPollNanos = System.nanoTime();

  QueueCapacity(
      String queue,
      int concurrency,
      int batchSize,
      Duration pollInterval,
      List<TaskKind> kinds,
      Wakeup loopWakeup) {
    this.queue = queue;
    this.batchSize = batchSize;
    this.pollNanos = pollInterval.toNanos();
    this.loopWakeup = loopWakeup;
    List<TaskKind> unlimited = kinds.stream().filter(k -> k.concurrencyLimit() == null).toList();
    List<TaskKind> limited = kinds.stream().filter(k -> k.concurrencyLimit() != null).toList();
    this.kinds = unlimited.stream().map(TaskKind::name).toArray(String[]::new);
    this.leaseMillis = unlimited.stream().map(k -> k.lease().toMillis()).toArray(Long[]::new);
    this.limitedKinds = limited.stream().map(TaskKind::name).toArray(String[]::new);
    this.limits = limited.stream().map(k -> k.concurrencyLimit().limit()).toArray(Integer[]::new);
    this.limitedLeaseMillis = limited.stream().map(k -> k.lease().toMillis()).toArray(Long[]::new);
    this.capacity = concurrency + batchSize;
    this.permits = new Permits(capacity);
    this.slots = new Semaphore(concurrency);
  }

  /** The claim loop's thread: its own releases (what a claim did not get) never wake it. */
  void claimedBy(Thread thread) {
    this.loopThread = thread;
  }

  /** A signal: the queue has work. */
  void signal() {
    signalled = true;
    loopWakeup.signal();
  }

  boolean wantsClaim(long nowNanos) {
    return busy || signalled || nowNanos - nextPollNanos >= 0;
  }

  boolean isBusy() {
    return busy;
  }

  /** Nanoseconds until this queue's next poll, if it waits for one (else the full interval). */
  long nanosToPoll(long nowNanos) {
    long left = nextPollNanos - nowNanos;
    return left > 0 ? left : pollNanos;
  }

  /** Takes up to {@code max} free claim permits without waiting; a claim's share of capacity. */
  int reserve(int max) {
    int reserved = 0;
    while (reserved < max && permits.tryAcquire()) {
      reserved++;
    }
    if (reserved > 0) {
      signalled = false;
    }
    return reserved;
  }

  /**
   * What the claim of {@code requested} tasks gave. Fewer: the queue is drained for now, and polls
   * again after the interval (or on a signal). All of them: more may be waiting, claim again.
   */
  void claimed(int requested, int got, long nowNanos) {
    busy = got == requested;
    if (!busy) {
      nextPollNanos = nowNanos + pollNanos;
    }
  }

  /** After a failed claim: looked at again when the loop's back-off is over. */
  void claimFailed() {
    signalled = true;
  }

  /** Waits until every handler of this queue has returned, or the time is up. */
  boolean awaitIdle(Duration timeout) throws InterruptedException {
    if (permits.tryAcquire(capacity, timeout.toNanos(), TimeUnit.NANOSECONDS)) {
      permits.release(capacity);
      return true;
    }
    return false;
  }

  /**
   * Claim permits that wake the loop when a task gives one back and the queue wants a claim (a busy
   * queue waits for exactly this). A queue with limited kinds looks again at once on any task's
   * end: that task's key may have a free slot now (a task held back by its key's limit waits for
   * this). Other instances see the slot at their next claim or poll.
   */
  private final class Permits extends Semaphore {
    Permits(int permits) {
      super(permits);
    }

    @Override
    public void release() {
      super.release();
      wakeUnlessLoop();
    }

    @Override
    public void release(int n) {
      super.release(n);
      wakeUnlessLoop();
    }

    private void wakeUnlessLoop() {
      if (Thread.currentThread() == loopThread) {
        return;
      }
      if (limitedKinds.length > 0) {
        signal();
      } else if (wantsClaim(System.nanoTime())) {
        loopWakeup.signal();
      }
    }
  }
}
