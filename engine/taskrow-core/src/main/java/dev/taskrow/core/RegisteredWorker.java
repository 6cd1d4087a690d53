package dev.taskrow.core;

import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A worker as the registry knows it ({@link Taskrow#workers()}).
 *
 * @param queues queue name to concurrency, sorted by name
 * @param running tasks it held a lease for at its last heartbeat
 * @param draining it is shutting down: it claims nothing and hands back what does not finish
 * @param alive it heartbeated within three of its heartbeat intervals, by the database clock; a
 *     worker that is not alive was killed or cut off, and its row is pruned a day after its last
 *     heartbeat
 */
public record RegisteredWorker(
    String id,
    String host,
    long pid,
    Map<String, Integer> queues,
    Instant startedAt,
    Instant lastHeartbeatAt,
    Duration heartbeatInterval,
    int running,
    boolean draining,
    boolean alive) {

  public RegisteredWorker {
    queues = Collections.unmodifiableMap(new LinkedHashMap<>(queues));
  }
}
