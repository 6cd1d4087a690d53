package dev.tools.bench;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.taskrow.core.Schema;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.net.URI;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.sql.DataSource;

/**
 * The server under test: an embedded PostgreSQL with its durability left at the server defaults, or
 * an external one. Also knows how a command-line client (pgbench) reaches the same server.
 */
final class Database implements AutoCloseable {
  // Connections besides the transactional handlers' (one each): the worker's claim, completion,
  // heartbeat, lease sweep and LISTEN threads, the submitter, and up to 8 ceiling clients.
  private static final int BASE_POOL_SIZE = 24;

  private final EmbeddedPostgres embedded;
  private final HikariDataSource pool;
  private final String host;
  private final int port;
  private final String database;
  private final String user;
  private final String password;

  private Database(
      EmbeddedPostgres embedded,
      String jdbcUrl,
      String user,
      String password,
      int poolSize,
      String host,
      int port,
      String database) {
    this.embedded = embedded;
    this.user = user;
    this.password = password;
    this.host = host;
    this.port = port;
    this.database = database;
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(jdbcUrl);
    config.setUsername(user);
    config.setPassword(password);
    config.setMaximumPoolSize(poolSize);
    config.setMinimumIdle(poolSize);
    config.setPoolName("bench");
    this.pool = new HikariDataSource(config);
  }

  static Database open(Options options) throws IOException {
    int poolSize = BASE_POOL_SIZE + options.transactionalConcurrency();
    if (options.jdbcUrl() != null) {
      URI uri = URI.create(options.jdbcUrl().substring("jdbc:".length()));
      String path = uri.getPath() == null ? "" : uri.getPath().replaceFirst("^/", "");
      return new Database(
          null,
          options.jdbcUrl(),
          options.user(),
          options.password(),
          poolSize,
          uri.getHost() == null ? "localhost" : uri.getHost(),
          uri.getPort() < 0 ? 5432 : uri.getPort(),
          path.isEmpty() ? options.user() : path);
    }
    // zonky turns synchronous_commit off by default; the figures must be those of a server that
    // really waits for its WAL flush, so every durability setting is pinned to PostgreSQL's
    // default.
    EmbeddedPostgres.Builder builder =
        EmbeddedPostgres.builder()
            .setServerConfig("fsync", "on")
            .setServerConfig("synchronous_commit", "on")
            .setServerConfig("full_page_writes", "on")
            .setServerConfig("max_connections", String.valueOf(poolSize + 40));
    if (options.serverStatements()) {
      builder.setServerConfig("shared_preload_libraries", "pg_stat_statements");
    }
    EmbeddedPostgres embedded = builder.start();
    return new Database(
        embedded,
        embedded.getJdbcUrl("postgres", "postgres"),
        "postgres",
        "",
        poolSize,
        "localhost",
        embedded.getPort(),
        "postgres");
  }

  DataSource dataSource() {
    return pool;
  }

  void migrate() {
    Schema.migrate(pool);
  }

  void execute(String sql) throws SQLException {
    try (Connection c = pool.getConnection();
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  long queryLong(String sql) throws SQLException {
    try (Connection c = pool.getConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /**
   * How many times autovacuum has vacuumed or analysed each table of the database so far, by table:
   * the difference across a measurement names the tables it worked on meanwhile.
   */
  Map<String, Long> autovacuumRuns() throws SQLException {
    Map<String, Long> runs = new java.util.TreeMap<>();
    try (Connection c = pool.getConnection();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "select relname, autovacuum_count + autoanalyze_count from pg_stat_user_tables")) {
      while (rs.next()) {
        runs.put(rs.getString(1), rs.getLong(2));
      }
    }
    return runs;
  }

  /**
   * Where the server's write-ahead log and its transaction ids are now: two readings subtracted
   * give the WAL bytes written and the transactions that wrote something (each takes an id) in
   * between, exactly — the statistics views lag by up to a second.
   */
  WriteCounters writeCounters() throws SQLException {
    try (Connection c = pool.getConnection();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint,"
                    + " pg_snapshot_xmax(pg_current_snapshot())::text::bigint")) {
      rs.next();
      return new WriteCounters(rs.getLong(1), rs.getLong(2));
    }
  }

  /** WAL position in bytes and the next transaction id. */
  record WriteCounters(long walBytes, long nextXid) {
    /** Per task between {@code from} and this reading: "WAL n bytes, m writing transactions". */
    String perTaskSince(WriteCounters from, long tasks) {
      if (tasks <= 0) {
        return "WAL per task: no task";
      }
      return String.format(
          java.util.Locale.ROOT,
          "per task WAL %,d bytes and %.2f writing transactions",
          (walBytes - from.walBytes) / tasks,
          (nextXid - from.nextXid) / (double) tasks);
    }
  }

  /** What the reader needs to judge the figures: version and the settings that bound a commit. */
  Map<String, String> describe() throws SQLException {
    Map<String, String> facts = new LinkedHashMap<>();
    facts.put("server", embedded != null ? "embedded (zonky)" : host + ":" + port + "/" + database);
    try (Connection c = pool.getConnection();
        Statement s = c.createStatement()) {
      for (String setting :
          new String[] {
            "server_version",
            "fsync",
            "synchronous_commit",
            "full_page_writes",
            "wal_sync_method",
            "shared_buffers",
            "max_wal_size"
          }) {
        try (ResultSet rs = s.executeQuery("show " + setting)) {
          rs.next();
          facts.put(setting, rs.getString(1));
        }
      }
    }
    return facts;
  }

  String host() {
    return host;
  }

  int port() {
    return port;
  }

  String database() {
    return database;
  }

  String user() {
    return user;
  }

  String password() {
    return password;
  }

  @Override
  public void close() throws IOException {
    pool.close();
    if (embedded != null) {
      embedded.close();
    }
  }
}
