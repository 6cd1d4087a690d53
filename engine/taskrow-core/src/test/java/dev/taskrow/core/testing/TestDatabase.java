package dev.taskrow.core.testing;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.taskrow.core.Schema;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * A real PostgreSQL for tests: an embedded server started once per test JVM, or the one named by
 * the environment variable {@code TASKROW_TEST_JDBC_URL} (with {@code TASKROW_TEST_DB_USER} and
 * {@code TASKROW_TEST_DB_PASSWORD}). Sessions run in a non-UTC time zone on purpose, so a test that
 * mixes local and UTC time fails here rather than in production.
 */
public final class TestDatabase {
  private static HikariDataSource dataSource;
  private static EmbeddedPostgres embedded;

  private TestDatabase() {}

  public static synchronized DataSource dataSource() {
    if (dataSource == null) {
      dataSource = new HikariDataSource(config(32));
      Schema.migrate(dataSource);
      Runtime.getRuntime().addShutdownHook(new Thread(TestDatabase::stop));
    }
    return dataSource;
  }

  /** A separate pool on the same database, e.g. for a second "process". */
  public static HikariDataSource newPool(int size) {
    dataSource();
    return new HikariDataSource(config(size));
  }

  private static HikariConfig config(int poolSize) {
    HikariConfig config = new HikariConfig();
    String url = System.getenv("TASKROW_TEST_JDBC_URL");
    if (url != null && !url.isBlank()) {
      config.setJdbcUrl(url);
      config.setUsername(System.getenv().getOrDefault("TASKROW_TEST_DB_USER", "postgres"));
      config.setPassword(System.getenv().getOrDefault("TASKROW_TEST_DB_PASSWORD", ""));
    } else {
      config.setJdbcUrl(embedded().getJdbcUrl("postgres", "postgres"));
    }
    config.setMaximumPoolSize(poolSize);
    config.setConnectionInitSql("set time zone 'Asia/Seoul'");
    return config;
  }

  private static synchronized EmbeddedPostgres embedded() {
    if (embedded == null) {
      try {
        embedded =
            EmbeddedPostgres.builder()
                .setServerConfig("max_connections", "300")
                .setServerConfig("fsync", "off")
                .setServerConfig("synchronous_commit", "off")
                .setServerConfig("full_page_writes", "off")
                .start();
      } catch (IOException e) {
        throw new UncheckedIOException("could not start embedded PostgreSQL", e);
      }
    }
    return embedded;
  }

  /** Empties the task table (and any tables named) between tests. */
  public static void truncate(String... moreTables) {
    try (Connection c = dataSource().getConnection();
        Statement s = c.createStatement()) {
      s.execute("truncate taskrow_task");
      for (String table : moreTables) {
        s.execute("truncate " + table);
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private static synchronized void stop() {
    if (dataSource != null) {
      dataSource.close();
    }
    if (embedded != null) {
      try {
        embedded.close();
      } catch (IOException ignored) {
        // the JVM is exiting
      }
    }
  }
}
