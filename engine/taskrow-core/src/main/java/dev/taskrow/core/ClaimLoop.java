package dev.taskrow.core;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The claims of a worker: one thread for all its queues. Each round takes every queue that wants a
 * claim and has free capacity, as many tasks as it has free (up to its batch size), and claims them
 * all in one statement; a queue's kinds with a concurrency limit are claimed first, within their
 * keys' limits. It waits for a signal, a finished task or the next poll only when no queue had
 * anything to ask for.
 *
 * <p>One statement per round, not per queue: a worker of a hundred queues otherwise makes a hundred
 * small claims (each a commit of its own) where one queue makes one, and the commits crowd out the
 * completions.
 */
final class ClaimLoop implements Runnable {
  private static final Logger log = LoggerFactory.getLogger(ClaimLoop.class);
  private static final long CLAIM_LINGER_NANOS = 5_000_000L;

  private final TaskClaimer claimer;
  private final AttemptExecutor executor;
  private final Duration pollInterval;
  private final Wakeup wakeup;
  private final Map<String, QueueCapacity> queues = new LinkedHashMap<>();
  // Every kind without a concurrency limit of every queue, with its lease at the same index.
  private final String[] kinds;
  private final Long[] leaseMillis;
  private final ClaimFloor floor;
  private volatile boolean stopping;
  private volatile Thread thread;
  private volatile long claimsDone;

  ClaimLoop(
      TaskClaimer claimer,
      AttemptExecutor executor,
      Duration pollInterval,
      Wakeup wakeup,
      List<QueueCapacity> queues) {
    this.claimer = claimer;
    this.executor = executor;
    this.pollInterval = pollInterval;
    this.wakeup = wakeup;
    queues.forEach(q -> this.queues.put(q.queue, q));
    List<String> allKinds = new ArrayList<>();
    List<Long> allLeases = new ArrayList<>();
    for (QueueCapacity q : queues) {
      allKinds.addAll(List.of(q.kinds));
      allLeases.addAll(List.of(q.leaseMillis));
    }
    this.kinds = allKinds.toArray(String[]::new);
    this.leaseMillis = allLeases.toArray(Long[]::new);
    String[] floorQueues =
        queues.stream().filter(q -> q.kinds.length > 0).map(q -> q.queue).toArray(String[]::new);
    this.floor = new ClaimFloor(() -> claimer.claimFloors(floorQueues, kinds), pollInterval);
  }

  void start() {
    Thread started = Thread.ofPlatform().name("taskrow-claim").unstarted(this);
    queues.values().forEach(q -> q.claimedBy(started));
    thread = started;
    started.start();
  }

  /** A signal for {@code queue}: it has work. Ignored for a queue this worker does not run. */
  void wake(String queue) {
    QueueCapacity q = queues.get(queue);
    if (q != null) {
      q.signal();
    }
  }

  @Override
  public void run() {
    Duration errorBackoff = Duration.ofMillis(100);
    while (!stopping) {
      List<Share> round = List.of();
      try {
        wakeup.clear();
        round = reserve();
        if (round.isEmpty()) {
          wakeup.await(Duration.ofNanos(nanosToWait()));
          continue;
        }
        if (round.stream().allMatch(s -> s.queue.isBusy())) {
          linger(round);
        }
        if (stopping) {
          release(round);
          break;
        }
        claim(round);
        errorBackoff = Duration.ofMillis(100);
      } catch (InterruptedException e) {
        release(round);
        if (!stopping) {
          Thread.currentThread().interrupt();
        }
        break;
      } catch (SQLException | RuntimeException e) {
        release(round);
        round.forEach(s -> s.queue.claimFailed());
        log.warn(
            "claim on queues {} failed, retrying in {} ms: {}",
            round.stream().map(s -> s.queue.queue).toList(),
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

  /** One queue's part of a round: the permits it reserved and the tasks it was given. */
  private static final class Share {
    final QueueCapacity queue;
    int reserved;
    int dispatched;

    Share(QueueCapacity queue, int reserved) {
      this.queue = queue;
      this.reserved = reserved;
    }
  }

  private List<Share> reserve() {
    long now = System.nanoTime();
    List<Share> round = new ArrayList<>();
    for (QueueCapacity q : queues.values()) {
      if (q.wantsClaim(now)) {
        int reserved = q.reserve(q.batchSize);
        if (reserved > 0) {
          round.add(new Share(q, reserved));
        }
      }
    }
    return round;
  }

  /** Until the earliest poll of a queue that waits for one; a finished task or signal is sooner. */
  private long nanosToWait() {
    long now = System.nanoTime();
    long wait = pollInterval.toNanos();
    for (QueueCapacity q : queues.values()) {
      wait = Math.min(wait, q.nanosToPoll(now));
    }
    return wait;
  }

  /**
   * On busy queues, capacity comes back one finished task at a time; claiming each slot at once
   * would make every claim (a commit of its own, on one serial thread) carry a single task. Waiting
   * a moment for half a batch of free slots keeps claims batched; an idle queue never waits here.
   */
  private void linger(List<Share> round) throws InterruptedException {
    long deadline = System.nanoTime() + CLAIM_LINGER_NANOS;
    while (!stopping) {
      boolean shortOfTarget = false;
      for (Share s : round) {
        int target = Math.max(1, s.queue.batchSize / 2);
        if (s.reserved < target) {
          s.reserved += s.queue.reserve(target - s.reserved);
          shortOfTarget |= s.reserved < target;
        }
      }
      long remaining = deadline - System.nanoTime();
      if (!shortOfTarget || remaining <= 0) {
        return;
      }
      wakeup.await(Duration.ofNanos(remaining));
    }
  }

  private void claim(List<Share> round) throws SQLException {
    Map<String, Share> byQueue = new HashMap<>();
    List<TaskRepository.QueueClaim> wanted = new ArrayList<>();
    Map<String, Instant> floors = null;
    for (Share s : round) {
      QueueCapacity q = s.queue;
      byQueue.put(q.queue, s);
      if (q.limitedKinds.length > 0) {
        List<RunningTask> within =
            claimer.claimWithinLimits(
                q.queue, q.limitedKinds, q.limits, q.limitedLeaseMillis, s.reserved);
        within.forEach(task -> dispatch(s, task));
      }
      int left = s.reserved - s.dispatched;
      if (q.kinds.length > 0 && left > 0) {
        if (floors == null) {
          floors = floor.current();
        }
        wanted.add(new TaskRepository.QueueClaim(q.queue, left, floors.get(q.queue)));
      }
    }
    if (!wanted.isEmpty()) {
      for (RunningTask task : claimer.claim(wanted, kinds, leaseMillis)) {
        dispatch(byQueue.get(task.task().queue()), task);
      }
    }
    claimsDone++; // only this thread writes it
    long now = System.nanoTime();
    for (Share s : round) {
      s.queue.permits.release(s.reserved - s.dispatched);
      // Fewer than asked: the queue is drained for now. Otherwise it may have more: go on.
      s.queue.claimed(s.reserved, s.dispatched, now);
      s.reserved = s.dispatched;
    }
  }

  /** From here on the task holds one of its queue's reserved permits. */
  private void dispatch(Share share, RunningTask task) {
    share.dispatched++;
    executor.dispatch(task, share.queue.permits, share.queue.slots);
  }

  /** Gives back what a round reserved and did not dispatch. */
  private static void release(List<Share> round) {
    for (Share s : round) {
      int left = s.reserved - s.dispatched;
      if (left > 0) {
        s.queue.permits.release(left);
      }
      s.reserved = s.dispatched;
    }
  }

  /** Tests: the claim rounds this loop has finished. */
  long claimsDone() {
    return claimsDone;
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

  /** Waits until every handler of every queue has returned, or the time is up. */
  boolean awaitIdle(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    for (QueueCapacity q : queues.values()) {
      long left = Math.max(0, deadline - System.nanoTime());
      if (!q.awaitIdle(Duration.ofNanos(left))) {
        return false;
      }
    }
    return true;
  }
}
