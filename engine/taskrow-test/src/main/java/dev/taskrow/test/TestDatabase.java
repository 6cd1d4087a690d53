package dev.taskrow.test;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * A real PostgreSQL for tests: an embedded server started once per test JVM, or the one named by
 * the environment variable {@code TASKROW_TEST_JDBC_URL} (with {@code TASKROW_TEST_DB_USER} and
 * {@code TASKROW_TEST_DB_PASSWORD}). Sessions run in a non-UTC time zone on purpose, so a test that
 * mixes local and UTC time fails here rather than in production.
 *
 * <p>When the engine (taskrow-core) is on the class path, the database has the engine's tables from
 * the first call on:
 *
 * <pre>{@code
 * DataSource db = TestDatabase.dataSource();
 * Taskrow taskrow = Taskrow.builder(db).clock(new SettableClock(start)).kind(kind).build();
 * }</pre>
 */
public final class TestDatabase {
  /**
   * The engine's schema migration, called by name: this kit may not depend on the engine, whose own
   * tests use it. taskrow-core's TestKitTest fails if the name drifts.
   */
  public static final String ENGINE_SCHEMA = "dev.taskrow.core.Schema";

  private static HikariDataSource dataSource;
  private static EmbeddedPostgres embedded;
  private static boolean engineSchema;

  private TestDatabase() {}

  /** The pool every test of the JVM shares; the first call starts the database and migrates. */
  public static synchronized DataSource dataSource() {
    if (dataSource == null) {
      HikariDataSource pool = new HikariDataSource(config(32));
      engineSchema = migrateEngineSchema(pool);
      dataSource = pool;
      Runtime.getRuntime().addShutdownHook(new Thread(TestDatabase::stop));
    }
    return dataSource;
  }

  /** Runs {@code Schema.migrate(dataSource)} if the engine is there; false if it is not. */
  private static boolean migrateEngineSchema(DataSource dataSource) {
    Class<?> schema;
    try {
      schema = Class.forName(ENGINE_SCHEMA);
    } catch (ClassNotFoundException e) {
      return false; // a module that tests against PostgreSQL without the engine
    }
    try {
      schema.getMethod("migrate", DataSource.class).invoke(null, dataSource);
      return true;
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("the engine's schema migration failed", e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(
          ENGINE_SCHEMA + ".migrate(DataSource) is not what taskrow-test calls", e);
    }
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

  /** Empties the engine's task table, if the engine is there, and any tables named. */
  public static void truncate(String... moreTables) {
    try (Connection c = dataSource().getConnection();
        Statement s = c.createStatement()) {
      if (engineSchema) {
        s.execute("truncate taskrow_task");
      }
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
