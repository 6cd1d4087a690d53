package dev.tools.faults;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The worker processes of one scenario, all with the same settings, named prefix-1, prefix-2… */
final class WorkerFleet implements AutoCloseable {
  private final String prefix;
  private final Path logDir;
  private final List<String> settings;
  private final Class<?> mainClass;
  private final List<WorkerProcess> running = new ArrayList<>();
  private int started;
  private boolean closed;

  WorkerFleet(String prefix, Path logDir, List<String> settings, Class<?> mainClass) {
    this.prefix = prefix;
    this.logDir = logDir;
    this.settings = List.copyOf(settings);
    this.mainClass = mainClass;
  }

  /**
   * Starts one more and waits for it to be READY. The wait holds no lock: a scenario may start a
   * replacement on another thread while it goes on reading {@link #running()} and killing.
   */
  WorkerProcess startOne() {
    String id;
    synchronized (this) {
      id = prefix + "-" + ++started;
    }
    WorkerProcess worker = WorkerProcess.start(id, logDir, settings, mainClass);
    synchronized (this) {
      if (!closed) {
        running.add(worker);
        return worker;
      }
    }
    // The scenario ended (or failed) while this one started: no worker outlives its fleet.
    worker.kill();
    throw new IllegalStateException(id + " was READY after its fleet closed; killed");
  }

  synchronized List<WorkerProcess> running() {
    return List.copyOf(running);
  }

  synchronized void forget(WorkerProcess worker) {
    running.remove(worker);
  }

  synchronized int startedCount() {
    return started;
  }

  /** SIGTERM to all, then wait for each to hand back and exit; SIGKILL what does not. */
  @Override
  public synchronized void close() {
    closed = true;
    running.forEach(WorkerProcess::terminate);
    for (WorkerProcess worker : running) {
      if (!worker.awaitExit(Duration.ofSeconds(30))) {
        worker.kill();
      }
    }
    running.clear();
  }
}
