package dev.taskrow.core;

import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Extends the leases of every task this worker runs, {@link #CHUNK} tasks per statement, so
 * handlers never have to, and then the worker's row in the registry, one statement more whatever
 * the number of tasks. A task whose row no longer matches (id, token) lost its lease: its context
 * says so and nothing it writes will commit. A cancel request travels back the same way. A lease is
 * never extended past its attempt's cap ({@link RunningTask#leaseCap()}): a handler that ignores
 * the interrupt of its time limit loses its lease a lease later, and is fenced off.
 */
final class Heartbeater implements Runnable {
  private static final Logger log = LoggerFactory.getLogger(Heartbeater.class);

  /**
   * Tasks per heartbeat statement, each chunk its own transaction. A beat holds the worker's
   * row-write lock, so the batched successes wait for it: a beat of every running task at once held
   * them for up to 3.5 s on a saturated server (the steady workload at 3,000/s on 2 cores); in
   * chunks they run between, and wait for one chunk at most.
   */
  static final int CHUNK = 250;

  private final Taskrow engine;
  private final String workerId;
  private final RunningTasks running;
  private final ReentrantLock rowWrites;
  private final WorkerRegistration registration;

  Heartbeater(
      Taskrow engine,
      String workerId,
      RunningTasks running,
      ReentrantLock rowWrites,
      WorkerRegistration registration) {
    this.engine = engine;
    this.workerId = workerId;
    this.running = running;
    this.rowWrites = rowWrites;
    this.registration = registration;
  }

  @Override
  public void run() {
    extendLeases();
    // A statement of its own, after the leases: a registry that cannot be written (a schema not
    // migrated yet, say) must not cost a task its lease.
    registration.heartbeat();
  }

  private void extendLeases() {
    List<RunningTask> tasks = running.snapshot();
    for (int from = 0; from < tasks.size(); from += CHUNK) {
      extendLeases(tasks.subList(from, Math.min(tasks.size(), from + CHUNK)));
    }
  }

  private void extendLeases(List<RunningTask> tasks) {
    Object[] ids = new Object[tasks.size()];
    Object[] tokens = new Object[tasks.size()];
    Object[] leases = new Object[tasks.size()];
    Object[] leaseCaps = new Object[tasks.size()];
    for (int i = 0; i < tasks.size(); i++) {
      RunningTask task = tasks.get(i);
      ids[i] = task.taskId();
      tokens[i] = task.fenceToken();
      leases[i] = task.taskKind().lease().toMillis();
      // ISO-8601 text with its offset (read the same whatever the session's time zone); null: none.
      Instant cap = task.leaseCap();
      leaseCaps[i] = cap == null ? null : cap.toString();
    }
    try {
      TaskRepository.LeaseBeat beat = heartbeat(ids, tokens, leases, leaseCaps);
      for (RunningTask task : tasks) {
        if (beat.busy().contains(task.taskId())) {
          // Held by another transaction (its commit batch writing it): the next beat looks again.
          continue;
        }
        Boolean cancel = beat.owned().get(task.taskId());
        if (cancel == null) {
          if (!task.isLeaseLost() && !task.isCompleting()) {
            log.warn(
                "worker {} lost the lease of task {} ({}); another worker may run it now",
                workerId,
                task.taskId(),
                task.kind());
            task.markLeaseLost();
          }
        } else if (cancel) {
          task.markCancelRequested();
        }
      }
    } catch (SQLException | RuntimeException e) {
      log.warn("heartbeat of {} tasks failed; will try again: {}", tasks.size(), e.toString());
    }
  }

  private TaskRepository.LeaseBeat heartbeat(
      Object[] ids, Object[] tokens, Object[] leases, Object[] leaseCaps) throws SQLException {
    rowWrites.lock();
    try {
      return engine.inEngineTransaction(
          tx -> engine.repository().heartbeat(tx.connection(), ids, tokens, leases, leaseCaps));
    } finally {
      rowWrites.unlock();
    }
  }
}
