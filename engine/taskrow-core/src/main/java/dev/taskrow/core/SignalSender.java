package dev.taskrow.core;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one thread a {@link Signals} transport sends from, and what it sends: everything announced
 * while it was busy, in one go — each queue once, the task changes together. At thousands of
 * submits a second, one message per announcement would queue up behind each other's round trips (a
 * NOTIFY statement, a Redis PUBLISH) and make the listeners decode them all; coalesced, a burst
 * costs one message per queue. Committing threads only enqueue: they never block on the transport
 * and never see its errors. Beyond {@link #CAPACITY} pending announcements hints are dropped,
 * because workers poll and status readers read the row anyway.
 *
 * <p>A round of task changes alone waits up to {@link #CHANGES_LINGER} for more before it is sent:
 * they feed status pages and event streams, which a person reads, while each NOTIFY round is a
 * commit that waits for its WAL flush beside the submits'. At 1,000 tasks a second the default
 * engine otherwise sent some 1,900 such rounds a second, and its submit call was 0.06 ms slower for
 * them (issue 19, 2026-12-07; bench README). Work for a queue is never held back: it goes at once,
 * and takes the changes gathered so far with it.
 */
public final class SignalSender implements AutoCloseable {
  static final int CAPACITY = 10_000;

  /** How long a round of task changes alone waits for more: a status page's eye does not see it. */
  static final Duration CHANGES_LINGER = Duration.ofMillis(20);

  private static final Logger log = LoggerFactory.getLogger(SignalSender.class);

  /** Sends one round of announcements; errors are the transport's to log, never thrown here. */
  @FunctionalInterface
  public interface Transport {
    void send(Set<String> queues, List<TaskChange> changes);
  }

  private final String threadName;
  private final Transport transport;
  private final long changesLingerNanos;
  private final BlockingQueue<Object> pending = new ArrayBlockingQueue<>(CAPACITY);
  private volatile Thread sender;
  private volatile boolean closed;

  /**
   * @param threadName the sending thread's name, started with the first announcement
   * @param transport what sends a round
   */
  public SignalSender(String threadName, Transport transport) {
    this(threadName, transport, CHANGES_LINGER);
  }

  /** As above, with how long a round of task changes alone waits for more (tests). */
  SignalSender(String threadName, Transport transport, Duration changesLinger) {
    this.threadName = threadName;
    this.transport = transport;
    this.changesLingerNanos = changesLinger.toNanos();
  }

  public void queueHasWork(String queue) {
    announce(queue);
  }

  public void tasksChanged(Collection<TaskChange> changes) {
    announce(List.copyOf(changes));
  }

  private void announce(Object announcement) {
    if (sender == null) {
      synchronized (this) {
        if (sender == null && !closed) {
          sender = Thread.ofPlatform().daemon().name(threadName).start(this::sendLoop);
        }
      }
    }
    pending.offer(announcement);
  }

  private void sendLoop() {
    List<Object> round = new ArrayList<>();
    while (!closed) {
      try {
        Object first = pending.poll(500, TimeUnit.MILLISECONDS);
        // A poll woken by an announcement and by close() at once may return the announcement.
        if (first == null || closed) {
          continue;
        }
        round.clear();
        round.add(first);
        pending.drainTo(round);
        lingerWhileOnlyChanges(round);
        send(round);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  /**
   * Adds to a round of task changes alone what is announced within the linger; a queue's work ends
   * the wait at once.
   */
  private void lingerWhileOnlyChanges(List<Object> round) throws InterruptedException {
    long deadline = System.nanoTime() + changesLingerNanos;
    while (!hasWork(round) && !closed) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return;
      }
      Object next = pending.poll(left, TimeUnit.NANOSECONDS);
      if (next == null) {
        return;
      }
      round.add(next);
      pending.drainTo(round);
    }
  }

  private static boolean hasWork(List<Object> round) {
    for (Object announcement : round) {
      if (announcement instanceof String) {
        return true;
      }
    }
    return false;
  }

  @SuppressWarnings("unchecked")
  private void send(List<Object> round) {
    Set<String> queues = new LinkedHashSet<>();
    List<TaskChange> changes = new ArrayList<>();
    for (Object announcement : round) {
      if (announcement instanceof String queue) {
        queues.add(queue);
      } else {
        changes.addAll((List<TaskChange>) announcement);
      }
    }
    try {
      transport.send(queues, changes);
    } catch (RuntimeException e) {
      // The thread must outlive a transport's surprise: without it no hint is ever sent again.
      log.warn("sending signals failed; workers poll until the next round: {}", e.toString());
    }
  }

  /** Stops the sending thread; what is still pending is not sent (workers poll). */
  @Override
  public void close() {
    closed = true;
    Thread current = sender;
    if (current != null) {
      current.interrupt();
    }
  }
}
