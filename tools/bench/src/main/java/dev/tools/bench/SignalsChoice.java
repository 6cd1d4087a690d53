package dev.tools.bench;

import dev.taskrow.core.InProcessSignals;
import dev.taskrow.core.PostgresSignals;
import dev.taskrow.core.Signals;
import dev.taskrow.redis.RedisSignals;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import javax.sql.DataSource;

/** The signal transports a benchmark variant can run with. */
enum SignalsChoice {
  NONE("no signals"),
  IN_PROCESS("in-process signals"),
  POSTGRES("LISTEN/NOTIFY signals"),
  /** Redis Pub/Sub (taskrow-redis): needs the URL, {@link #create(DataSource, String)}. */
  REDIS("Redis signals");

  private final String label;

  SignalsChoice(String label) {
    this.label = label;
  }

  String label() {
    return label;
  }

  Signals create(DataSource dataSource) {
    return create(dataSource, null);
  }

  /** {@code redisUrl}: where REDIS connects; the other transports do not use it. */
  Signals create(DataSource dataSource, String redisUrl) {
    return switch (this) {
      case NONE -> Signals.none();
      case IN_PROCESS -> new InProcessSignals();
      case POSTGRES -> new PostgresSignals(dataSource);
      case REDIS -> connectedRedis(redisUrl);
    };
  }

  /**
   * Redis signals, connected before a measurement starts: RedisSignals connects in the background
   * and drops what is published before, which would show as poll latency, not as the signal's.
   */
  private static RedisSignals connectedRedis(String redisUrl) {
    if (redisUrl == null) {
      throw new IllegalStateException("Redis signals need --redis-url");
    }
    RedisSignals redis = new RedisSignals(redisUrl);
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (!redis.isConnected()) {
      if (System.nanoTime() > deadline) {
        redis.close();
        throw new IllegalStateException(
            "Redis at " + redis.describe() + " did not connect in 10 s");
      }
      LockSupport.parkNanos(Duration.ofMillis(20).toNanos());
    }
    return redis;
  }
}
