package dev.taskrow.core;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * A worker's offer to take tasks submitted in its own process into a free slot, in the submit's own
 * commit: the row is inserted already claimed (PROCESSING under this worker's lease, fence token
 * 1), and the handler starts when the submit returns. No signal, no claim statement, no second
 * commit: the durable submit commit is the only wait between a submit and its handler, the floor of
 * any engine that keeps the task in the database.
 *
 * <p>It takes a task only when nothing older can be waiting for the slot: its queue's last claim
 * came back short (a backlog keeps the queue busy, and the claim order, priority then due time,
 * decides), an execution slot is free now, the kind has no concurrency limit (only the claim counts
 * keys) and the task is due now. Anything else is submitted PENDING and signalled as before.
 * Leases, heartbeats, time limits, retries and rescue after a crash are those of a claimed task: a
 * process that dies right after the submit leaves a leased row another worker rescues.
 */
final class SubmitTaker {
  private final String workerId;
  private final Map<String, QueueCapacity> queues;
  private final Set<String> kinds;
  private final TaskClaimer claimer;
  private final AttemptExecutor executor;
  // Submits in flight hold the read lock; close() takes the write lock, so once it returns no
  // taken task is still on its way to the executor (shutdown hands back what it finds running).
  private final ReadWriteLock inFlight = new ReentrantReadWriteLock();
  private volatile boolean open = true;

  /**
   * @param queues the worker's queues by name
   * @param kinds the kinds it has a handler for
   */
  SubmitTaker(
      String workerId,
      Map<String, QueueCapacity> queues,
      Set<String> kinds,
      TaskClaimer claimer,
      AttemptExecutor executor) {
    this.workerId = workerId;
    this.queues = Map.copyOf(queues);
    this.kinds = Set.copyOf(kinds);
    this.claimer = claimer;
    this.executor = executor;
  }

  String workerId() {
    return workerId;
  }

  /**
   * A claim permit of {@code kind}'s queue held for one submit, or null when this worker should not
   * take it. The caller ends a reservation on the same thread: {@link Reservation#taken} once the
   * row committed, or {@link Reservation#release}.
   */
  Reservation reserve(TaskKind kind, NewTask task) {
    if (!open
        || !task.delay().isZero()
        || kind.concurrencyLimit() != null
        || !kinds.contains(kind.name())) {
      return null;
    }
    QueueCapacity queue = queues.get(kind.queue());
    if (queue == null || queue.isBusy() || queue.slots.availablePermits() == 0) {
      return null;
    }
    if (!inFlight.readLock().tryLock()) {
      return null; // closing
    }
    if (!open || !queue.permits.tryAcquire()) {
      inFlight.readLock().unlock();
      return null;
    }
    return new Reservation(queue);
  }

  /** Stops taking; returns once every submit that took a task has handed it to the executor. */
  void close() {
    open = false;
    inFlight.writeLock().lock();
    inFlight.writeLock().unlock();
  }

  /** One submit's permit, from {@link #reserve} until the row is committed or the submit failed. */
  final class Reservation {
    private final QueueCapacity queue;

    private Reservation(QueueCapacity queue) {
      this.queue = queue;
    }

    String workerId() {
      return workerId;
    }

    /** The row committed as claimed: from here on it runs as any claimed attempt. */
    void taken(TaskRepository.Claimed row) {
      try {
        executor.dispatch(claimer.registerTaken(row), queue.permits, queue.slots);
      } finally {
        inFlight.readLock().unlock();
      }
    }

    /** Nothing was taken (the submit failed, or the queue is paused): the permit goes back. */
    void release() {
      try {
        queue.permits.release();
      } finally {
        inFlight.readLock().unlock();
      }
    }
  }
}
