package dev.taskrow.redis.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import redis.embedded.RedisServer;

/**
 * A real Redis server (embedded-redis: Redis 6.2, nothing to install) on a free port, which a test
 * can stop and start again on the same port to play an outage.
 */
public final class TestRedis implements AutoCloseable {
  private final int port;
  private RedisServer server;

  private TestRedis(int port) {
    this.port = port;
  }

  /** Starts a server on a free port. */
  public static TestRedis start() {
    TestRedis redis = new TestRedis(freePort());
    redis.startAgain();
    return redis;
  }

  public int port() {
    return port;
  }

  public String url() {
    return "redis://127.0.0.1:" + port;
  }

  public synchronized void startAgain() {
    try {
      server =
          RedisServer.newRedisServer()
              .port(port)
              .bind("127.0.0.1")
              .setting("save \"\"")
              .setting("appendonly no")
              .build();
      server.start();
    } catch (IOException e) {
      throw new UncheckedIOException("could not start embedded Redis on " + port, e);
    }
  }

  public synchronized boolean isRunning() {
    return server != null;
  }

  public synchronized void stop() {
    if (server != null) {
      try {
        server.stop();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      server = null;
    }
  }

  @Override
  public void close() {
    stop();
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
