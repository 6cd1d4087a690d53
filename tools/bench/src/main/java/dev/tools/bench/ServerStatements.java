package dev.tools.bench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

/**
 * What each statement cost the server, from its own count ({@code pg_stat_statements}, loaded by
 * {@code --server-statements}): the only view that covers worker processes this JVM cannot profile.
 * Reset before a timed drain, printed after it, per task, so two process counts compare line by
 * line.
 */
final class ServerStatements {
  private static final int SHOWN = 8;
  private static final int QUERY_CHARS = 90;

  private final Database database;

  ServerStatements(Database database) {
    this.database = database;
  }

  /** Forgets what was counted so far; creates the extension's views on first use. */
  void reset() throws SQLException {
    database.execute("create extension if not exists pg_stat_statements");
    database.execute("select pg_stat_statements_reset()");
  }

  /**
   * Prints the statements that took the server the most time since {@link #reset()}: calls per
   * thousand tasks, mean time a call, time and buffer pages touched per task, rows a call.
   */
  void print(String label, long tasks) throws SQLException {
    StringBuilder out = new StringBuilder();
    out.append(label).append(": the server's statements, most time first\n");
    out.append(
        String.format(
            Locale.ROOT,
            "  %12s %10s %11s %12s %10s  %s%n",
            "calls/1k",
            "ms/call",
            "µs/task",
            "pages/task",
            "rows/call",
            "statement"));
    try (Connection c = database.dataSource().getConnection();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "select calls, total_exec_time, rows, shared_blks_hit + shared_blks_read, query"
                    + " from pg_stat_statements"
                    + " where dbid = (select oid from pg_database"
                    + " where datname = current_database())"
                    + " order by total_exec_time desc limit "
                    + SHOWN)) {
      while (rs.next()) {
        long calls = rs.getLong(1);
        double millis = rs.getDouble(2);
        out.append(
            String.format(
                Locale.ROOT,
                "  %12.2f %10.3f %11.2f %12.2f %10.1f  %s%n",
                calls * 1000.0 / tasks,
                millis / calls,
                millis * 1000 / tasks,
                rs.getLong(4) / (double) tasks,
                rs.getLong(3) / (double) calls,
                shortened(rs.getString(5))));
      }
    }
    System.out.print(out);
  }

  private static String shortened(String query) {
    String oneLine = query.replaceAll("\\s+", " ").strip();
    return oneLine.length() <= QUERY_CHARS ? oneLine : oneLine.substring(0, QUERY_CHARS) + "…";
  }
}
