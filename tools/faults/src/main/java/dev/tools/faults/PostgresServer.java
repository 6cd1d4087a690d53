package dev.tools.faults;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A real PostgreSQL (zonky's binaries) that the suite can restart: same data directory, same port,
 * so clients reconnect to the address they already know. Durability at the server defaults.
 */
final class PostgresServer implements AutoCloseable {
  private final Path dataDirectory;
  private EmbeddedPostgres server;
  private int port;

  private PostgresServer(Path dataDirectory) {
    this.dataDirectory = dataDirectory;
  }

  static PostgresServer start(Path dataDirectory) throws IOException {
    PostgresServer postgres = new PostgresServer(dataDirectory);
    postgres.server = postgres.boot(true);
    postgres.port = postgres.server.getPort();
    return postgres;
  }

  String jdbcUrl(String database) {
    return "jdbc:postgresql://localhost:" + port + "/" + database + "?user=postgres";
  }

  /** A fresh database for one scenario, so scenarios cannot see each other's rows. */
  String createDatabase(String name) throws SQLException {
    try (Connection c = server.getPostgresDatabase().getConnection();
        Statement s = c.createStatement()) {
      s.execute("drop database if exists " + name + " with (force)");
      s.execute("create database " + name);
    }
    return jdbcUrl(name);
  }

  /** Fast shutdown (every connection cut, as a crash or failover would) and start again. */
  synchronized Duration restart() throws IOException {
    Instant began = Instant.now();
    server.close();
    server = boot(false);
    return Duration.between(began, Instant.now());
  }

  /**
   * A crash: immediate shutdown, what {@code pg_ctl stop -m immediate} does — SIGQUIT to the
   * postmaster, which makes every backend exit at once without a checkpoint and without writing the
   * WAL still in its buffers (the commits that did not wait for the flush, if not yet written by
   * the WAL writer, are gone) — then a start on the same directory, which runs crash recovery.
   */
  synchronized Duration crash() throws IOException, InterruptedException {
    Instant began = Instant.now();
    // The postmaster's pid is the first line of its pid file (zonky's process is pg_ctl's).
    long pid =
        Long.parseLong(Files.readAllLines(dataDirectory.resolve("postmaster.pid")).get(0).trim());
    ProcessHandle postmaster =
        ProcessHandle.of(pid).orElseThrow(() -> new IOException("no postmaster " + pid));
    Process quit = new ProcessBuilder("kill", "-QUIT", String.valueOf(pid)).start();
    if (quit.waitFor() != 0) {
      throw new IOException("kill -QUIT " + pid + " failed");
    }
    try {
      postmaster.onExit().get(30, java.util.concurrent.TimeUnit.SECONDS);
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      throw new IOException("the postmaster did not exit after SIGQUIT", e);
    }
    // Releases zonky's lock on the directory; its pg_ctl stop finds no server and logs so.
    server.close();
    server = boot(false);
    return Duration.between(began, Instant.now());
  }

  private EmbeddedPostgres boot(boolean fresh) throws IOException {
    if (fresh) {
      deleteRecursively(dataDirectory);
    }
    Files.createDirectories(dataDirectory);
    // Never let zonky delete the directory on close: the restart must find the same cluster.
    EmbeddedPostgres.Builder builder =
        EmbeddedPostgres.builder()
            .setDataDirectory(dataDirectory)
            .setCleanDataDirectory(false)
            .setServerConfig("fsync", "on")
            .setServerConfig("synchronous_commit", "on")
            .setServerConfig("full_page_writes", "on")
            .setServerConfig("max_connections", "300");
    if (!fresh) {
      builder.setPort(port);
    }
    return builder.start();
  }

  private static void deleteRecursively(Path directory) throws IOException {
    if (!Files.exists(directory)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(directory)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  @Override
  public synchronized void close() {
    try {
      server.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
