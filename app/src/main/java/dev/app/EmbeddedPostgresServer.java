package dev.app;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Starts a real PostgreSQL whose data survives restarts: a database for a bare machine. */
final class EmbeddedPostgresServer {
  private EmbeddedPostgresServer() {}

  static EmbeddedPostgres start(Path dataDirectory) throws IOException {
    Files.createDirectories(dataDirectory);
    return EmbeddedPostgres.builder()
        .setDataDirectory(dataDirectory)
        // Keep the data: initdb runs only when the folder holds no cluster yet.
        .setCleanDataDirectory(false)
        // Spring stops the server after the worker has handed its tasks back; a JVM hook of its
        // own could stop it first, in the middle of a graceful shutdown.
        .setRegisterShutdownHook(false)
        .start();
  }
}
