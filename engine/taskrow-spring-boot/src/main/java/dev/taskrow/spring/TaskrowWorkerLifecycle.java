package dev.taskrow.spring;

import dev.taskrow.core.Taskrow;
import dev.taskrow.core.Worker;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Starts this process's worker once the context is refreshed and stops it gracefully on shutdown:
 * no new claims, running tasks finish within {@code taskrow.worker.shutdown-timeout}, the rest are
 * handed back without burning an attempt.
 *
 * <p>Its phase is below the web server's, so on shutdown the server stops taking requests (and
 * drains them) before the worker stops, and requests still in flight can submit tasks.
 */
public class TaskrowWorkerLifecycle implements SmartLifecycle {
  /** Below the web server's graceful-shutdown and start/stop phases. */
  public static final int PHASE = SmartLifecycle.DEFAULT_PHASE - 4096;

  private static final Logger log = LoggerFactory.getLogger(TaskrowWorkerLifecycle.class);
  private final Taskrow taskrow;
  private final WorkerPlan plan;
  private final TaskrowProperties.Worker properties;
  private volatile Worker worker;
  private volatile boolean running;

  TaskrowWorkerLifecycle(Taskrow taskrow, WorkerPlan plan, TaskrowProperties.Worker properties) {
    this.taskrow = taskrow;
    this.plan = plan;
    this.properties = properties;
  }

  @Override
  public synchronized void start() {
    if (running) {
      return;
    }
    running = true;
    if (plan.isEmpty()) {
      log.info("taskrow worker not started: no TaskDefinition bean has a handler for it to run");
      return;
    }
    Worker.Builder builder =
        taskrow
            .worker()
            .pollInterval(properties.getPollInterval())
            .batchSize(properties.getBatchSize())
            .takesOwnSubmits(properties.isTakeOwnSubmits())
            .shutdownTimeout(properties.getShutdownTimeout());
    if (properties.getId() != null && !properties.getId().isBlank()) {
      builder.id(properties.getId());
    }
    if (properties.prunes()) {
      builder.retention(properties.getRetention(), properties.getPruneInterval());
    }
    plan.queues().forEach(builder::queue);
    plan.handlers().forEach(builder::handler);
    worker = builder.start();
  }

  @Override
  public synchronized void stop() {
    Worker current = worker;
    worker = null;
    running = false;
    if (current != null) {
      current.shutdown(properties.getShutdownTimeout());
    }
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  @Override
  public int getPhase() {
    return PHASE;
  }

  /** The running worker; empty before start, after stop, or when there is nothing to run. */
  public Optional<Worker> worker() {
    return Optional.ofNullable(worker);
  }

  /** Whether a worker is claiming tasks now. */
  public boolean isWorkerAlive() {
    Worker current = worker;
    return current != null && current.isStarted();
  }

  /** Queue to concurrency, as this process runs them. */
  public Map<String, Integer> queues() {
    return plan.queues();
  }
}
