package dev.taskrow.core;

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
 */
public final class SignalSender implements AutoCloseable {
  static final int CAPACITY = 10_000;
  private static final Logger log = LoggerFactory.getLogger(SignalSender.class);

  /** Sends one round of announcements; errors are the transport's to log, never thrown here. */
  @FunctionalInterface
  public interface Transport {
    void send(Set<String> queues, List<TaskChange> changes);
  }

  private final String threadName;
  private final Transport transport;
  private final BlockingQueue<Object> pending = new ArrayBlockingQueue<>(CAPACITY);
  private volatile Thread sender;
  private volatile boolean closed;

  /**
   * @param threadName the sending thread's name, started with the first announcement
   * @param transport what sends a round
   */
  public SignalSender(String threadName, Transport transport) {
    this.threadName = threadName;
    this.transport = transport;
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
        send(round);
      } catch (InterruptedException e) {
        return;
      }
    }
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
