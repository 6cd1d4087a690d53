package dev.taskrow.core;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One worker's row in the registry ({@link Taskrow#workers()}): written at its start, written again
 * by every heartbeat, marked draining when its shutdown begins and deleted at its end. None of it
 * may stop the worker: a failed write is logged and the next heartbeat writes the row again.
 */
final class WorkerRegistration {
  private static final Logger log = LoggerFactory.getLogger(WorkerRegistration.class);

  private final Taskrow engine;
  private final String id;
  private final String host = LocalProcess.host();
  private final long pid = LocalProcess.pid();
  private final Map<String, Integer> queues;
  private final Duration heartbeatInterval;
  private final IntSupplier running;
  // Serialises the writes, so a heartbeat still in flight cannot bring a deleted row back.
  private final ReentrantLock writes = new ReentrantLock();
  private volatile Instant startedAt;
  private volatile boolean draining;
  private volatile boolean deregistered;

  WorkerRegistration(
      Taskrow engine,
      String id,
      Map<String, Integer> queues,
      Duration heartbeatInterval,
      IntSupplier running) {
    this.engine = engine;
    this.id = id;
    this.queues = queues;
    this.heartbeatInterval = heartbeatInterval;
    this.running = running;
  }

  /** The worker starts. */
  void register() {
    write(
        "register",
        c -> {
          startedAt = engine.workerRepository().register(c, row());
          return null;
        });
  }

  /** A heartbeat: the row says the worker is alive now, and how many tasks it holds. */
  void heartbeat() {
    write(
        "heartbeat",
        c -> {
          engine.workerRepository().heartbeat(c, row(), startedAt);
          return null;
        });
  }

  /** The worker's shutdown begins: it claims no more. */
  void markDraining() {
    draining = true;
    heartbeat();
  }

  /** The worker has stopped: its row goes. */
  void deregister() {
    write(
        "deregister",
        c -> {
          engine.workerRepository().deregister(c, id);
          deregistered = true;
          return null;
        });
  }

  private WorkerRepository.Row row() {
    return new WorkerRepository.Row(
        id, host, pid, queues, heartbeatInterval, running.getAsInt(), draining);
  }

  private void write(String what, Taskrow.StatementWork<Void> statement) {
    writes.lock();
    try {
      if (deregistered) {
        return;
      }
      engine.inEngineStatement(statement);
    } catch (SQLException | RuntimeException e) {
      log.warn("worker {}: registry {} failed: {}", id, what, e.toString());
    } finally {
      writes.unlock();
    }
  }
}
