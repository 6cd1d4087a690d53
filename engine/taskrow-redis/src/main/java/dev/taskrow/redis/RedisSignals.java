package dev.taskrow.redis;

import dev.taskrow.core.SignalListener;
import dev.taskrow.core.SignalSender;
import dev.taskrow.core.Signals;
import dev.taskrow.core.TaskChange;
import dev.taskrow.core.TaskChangeCodec;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;
import java.net.SocketAddress;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Signals over Redis Pub/Sub: reaches every instance connected to the same Redis. Messages are
 * published after the transaction commits ({@link #announceInTransaction} keeps its default,
 * false), from one sending thread that coalesces what is pending ({@link SignalSender}), and they
 * are hints only: a lost message costs latency, never correctness, because workers poll and status
 * readers read the row.
 *
 * <p>Two connections: one for publishing, one dedicated to SUBSCRIBE. Lettuce reconnects both by
 * itself (and re-subscribes the channels). While Redis is unreachable, publishing is rejected at
 * once (no queueing, no blocking of the committing thread), listeners receive nothing, and one WARN
 * says so; one INFO says when it is back. If Redis is down at start-up, connecting is retried in
 * the background.
 */
public final class RedisSignals implements Signals {
  private static final Logger log = LoggerFactory.getLogger(RedisSignals.class);
  // Pub/Sub messages are cheap, but one huge batch should not become one huge message.
  private static final int MAX_PAYLOAD = 64 * 1024;

  private final String workChannel;
  private final String taskChannel;
  private final RedisURI uri;
  private final ClientResources resources;
  private final RedisClient client;
  private final CopyOnWriteArrayList<SignalListener> listeners = new CopyOnWriteArrayList<>();
  private final AtomicBoolean down = new AtomicBoolean(false);
  // Announcements wait for one sending thread, which publishes what is pending coalesced: at
  // thousands of submits a second, a PUBLISH per announcement made every listener decode them all.
  private final SignalSender sender = new SignalSender("taskrow-redis-publish", this::publishRound);
  private final ScheduledExecutorService connector =
      Executors.newSingleThreadScheduledExecutor(
          Thread.ofPlatform().daemon().name("taskrow-redis-connect").factory());
  private volatile StatefulRedisConnection<String, String> publisher;
  private volatile StatefulRedisPubSubConnection<String, String> subscriber;
  private volatile boolean closed;

  /**
   * @param url e.g. {@code redis://localhost:6379}
   * @param channelPrefix channels are {@code <prefix>:work} and {@code <prefix>:task}
   * @param commandTimeout how long a publish may take before it is given up
   * @param maxReconnectDelay the longest wait between reconnection attempts
   */
  public RedisSignals(
      String url, String channelPrefix, Duration commandTimeout, Duration maxReconnectDelay) {
    this.workChannel = channelPrefix + ":work";
    this.taskChannel = channelPrefix + ":task";
    this.uri = RedisURI.create(url);
    uri.setTimeout(commandTimeout);
    this.resources =
        ClientResources.builder()
            .reconnectDelay(
                Delay.exponential(
                    Duration.ofMillis(50), maxReconnectDelay, 2, TimeUnit.MILLISECONDS))
            .build();
    this.client = RedisClient.create(resources);
    client.setOptions(
        ClientOptions.builder()
            .autoReconnect(true)
            // Hints are worthless late: fail at once instead of buffering while disconnected.
            .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
            .build());
    client.addListener(
        new RedisConnectionStateListener() {
          @Override
          public void onRedisDisconnected(io.lettuce.core.RedisChannelHandler<?, ?> connection) {
            if (!closed) {
              reportDown("connection lost");
            }
          }

          @Override
          public void onRedisConnected(
              io.lettuce.core.RedisChannelHandler<?, ?> connection, SocketAddress address) {
            reportUp();
          }
        });
    connector.execute(this::connect);
  }

  public RedisSignals(String url) {
    this(url, "taskrow", Duration.ofSeconds(1), Duration.ofSeconds(5));
  }

  /** Whether both connections are up right now. */
  public boolean isConnected() {
    StatefulRedisConnection<String, String> p = publisher;
    StatefulRedisPubSubConnection<String, String> s = subscriber;
    return p != null && s != null && p.isOpen() && s.isOpen();
  }

  /** The Redis this talks to, without credentials. */
  public String describe() {
    return uri.getHost() + ":" + uri.getPort();
  }

  private void connect() {
    if (closed) {
      return;
    }
    try {
      if (subscriber == null) {
        StatefulRedisPubSubConnection<String, String> s = client.connectPubSub(uri);
        s.addListener(
            new RedisPubSubAdapter<>() {
              @Override
              public void message(String channel, String message) {
                dispatch(channel, message);
              }
            });
        s.sync().subscribe(workChannel, taskChannel);
        subscriber = s;
      }
      if (publisher == null) {
        publisher = client.connect(uri);
      }
      reportUp();
    } catch (RuntimeException e) {
      reportDown(e.toString());
      // Only the first connection is ours to retry; after it, Lettuce's watchdog reconnects.
      connector.schedule(this::connect, 1, TimeUnit.SECONDS);
    }
  }

  private void reportDown(String why) {
    if (down.compareAndSet(false, true)) {
      log.warn(
          "Redis signals unavailable at {} ({}); workers poll and streams read the database"
              + " until it is back",
          describe(),
          why);
    }
  }

  private void reportUp() {
    if (isConnected() && down.compareAndSet(true, false)) {
      log.info("Redis signals restored at {}", describe());
    }
  }

  @Override
  public void queueHasWork(String queue) {
    sender.queueHasWork(queue);
  }

  @Override
  public void tasksChanged(Collection<TaskChange> changes) {
    sender.tasksChanged(changes);
  }

  /** One round of the sender: each queue pending once, the task changes packed. */
  private void publishRound(Set<String> queues, List<TaskChange> changes) {
    for (String queue : queues) {
      publish(workChannel, queue);
    }
    for (String payload : taskPayloads(changes)) {
      publish(taskChannel, payload);
    }
  }

  /** Fire and forget: never blocks the sending thread, never throws. */
  private void publish(String channel, String message) {
    StatefulRedisConnection<String, String> p = publisher;
    if (p == null || !p.isOpen()) {
      return;
    }
    try {
      p.async()
          .publish(channel, message)
          .exceptionally(
              e -> {
                log.debug("PUBLISH on {} failed; polling covers it: {}", channel, e.toString());
                return 0L;
              });
    } catch (RuntimeException e) {
      log.debug("PUBLISH on {} failed; polling covers it: {}", channel, e.toString());
    }
  }

  static List<String> taskPayloads(Collection<TaskChange> changes) {
    return TaskChangeCodec.encode(changes, MAX_PAYLOAD);
  }

  private void dispatch(String channel, String payload) {
    if (taskChannel.equals(channel)) {
      TaskChangeCodec.deliver(payload, listeners);
      return;
    }
    if (!workChannel.equals(channel)) {
      return;
    }
    for (SignalListener listener : listeners) {
      try {
        listener.onQueueHasWork(payload);
      } catch (RuntimeException e) {
        log.warn("signal listener failed on {}: {}", channel, e.toString());
      }
    }
  }

  @Override
  public AutoCloseable subscribe(SignalListener listener) {
    listeners.add(listener);
    return () -> listeners.remove(listener);
  }

  @Override
  public void close() {
    closed = true;
    sender.close();
    connector.shutdownNow();
    try {
      if (subscriber != null) {
        subscriber.close();
      }
      if (publisher != null) {
        publisher.close();
      }
    } finally {
      client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
      resources.shutdown(0, 2, TimeUnit.SECONDS);
    }
  }
}
