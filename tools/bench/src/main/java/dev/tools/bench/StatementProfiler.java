package dev.tools.bench;

import java.io.PrintWriter;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Counts and times the engine's statements and commits from the outside (pg_stat_statements is not
 * available on the embedded server): a DataSource whose connections and prepared statements are
 * thin proxies. The cost is two map lookups, a reflective call and two nanoTime calls per
 * statement: each SQL text is labelled once, because labelling it on every prepare (two regular
 * expressions) took 7 % of the carrier threads' CPU in a transactional drain.
 */
final class StatementProfiler implements DataSource {
  private final DataSource target;
  private final Map<String, Stat> stats = new ConcurrentHashMap<>();
  // SQL text -> label; the engine prepares a few dozen distinct texts, so this stays small.
  private final Map<String, String> labels = new ConcurrentHashMap<>();

  StatementProfiler(DataSource target) {
    this.target = target;
  }

  /** Calls and time of one kind of statement. */
  static final class Stat {
    final LongAdder calls = new LongAdder();
    final LongAdder nanos = new LongAdder();

    void record(long elapsed) {
      calls.increment();
      nanos.add(elapsed);
    }
  }

  void reset() {
    stats.clear();
  }

  /** One line per statement kind: calls, calls per second, mean and total time. */
  List<String> report(double seconds) {
    List<String> lines = new ArrayList<>();
    stats.entrySet().stream()
        .sorted((a, b) -> Long.compare(b.getValue().nanos.sum(), a.getValue().nanos.sum()))
        .forEach(
            e -> {
              long calls = e.getValue().calls.sum();
              double totalMs = e.getValue().nanos.sum() / 1e6;
              lines.add(
                  String.format(
                      Locale.ROOT,
                      "  %-22s %7d calls %8.1f/s  mean %7.2f ms  total %8.0f ms",
                      e.getKey(),
                      calls,
                      calls / seconds,
                      calls == 0 ? 0 : totalMs / calls,
                      totalMs));
            });
    return lines;
  }

  long calls(String label) {
    Stat stat = stats.get(label);
    return stat == null ? 0 : stat.calls.sum();
  }

  /** A short name for an engine statement, so the report reads "claim", not 20 lines of SQL. */
  static String label(String sql) {
    String s = sql.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    // The engine's key-probe settings (TaskRepository.KEY_PROBES_ONLY) come first in some
    // statements: the label is the statement's, not the settings'.
    s = s.replaceFirst("^(set local [a-z_]+ = [a-z]+; ?)+", "");
    if (s.startsWith("with free as") && s.contains("greatest(t.attempt_count - 1")) {
      return "release";
    }
    if (s.startsWith("with free as")) {
      return "heartbeat";
    }
    if (s.startsWith("with next as")) {
      return "claim";
    }
    if (s.startsWith("select w.queue,") && s.contains("pg_relation_size")) {
      return "claim floor";
    }
    if (s.startsWith("insert into taskrow_task") && s.contains("unnest")) {
      return "insert batch";
    }
    if (s.startsWith("insert into taskrow_task")) {
      return "insert";
    }
    if (s.startsWith("update taskrow_task t set status = 'success'")) {
      return "complete batch";
    }
    if (s.startsWith("update taskrow_task set status = 'success'")) {
      return "complete one";
    }
    if (s.contains("'lease_expired'")) {
      return "expire leases";
    }
    if (s.startsWith("update taskrow_task t set locked_until")) {
      return "heartbeat";
    }
    if (s.startsWith("select pg_notify")) {
      return "notify";
    }
    return s.length() > 22 ? s.substring(0, 22) : s;
  }

  private Stat stat(String label) {
    return stats.computeIfAbsent(label, k -> new Stat());
  }

  private Connection wrap(Connection connection) {
    return (Connection)
        Proxy.newProxyInstance(
            Connection.class.getClassLoader(),
            new Class<?>[] {Connection.class},
            new ConnectionHandler(connection));
  }

  private final class ConnectionHandler implements InvocationHandler {
    private final Connection connection;

    ConnectionHandler(Connection connection) {
      this.connection = connection;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
      String name = method.getName();
      long start = System.nanoTime();
      Object result = call(connection, method, args);
      if (name.equals("commit")) {
        stat("commit").record(System.nanoTime() - start);
      } else if (name.equals("prepareStatement") && result instanceof PreparedStatement ps) {
        return Proxy.newProxyInstance(
            PreparedStatement.class.getClassLoader(),
            new Class<?>[] {PreparedStatement.class},
            new StatementHandler(
                ps, stat(labels.computeIfAbsent((String) args[0], StatementProfiler::label))));
      }
      return result;
    }
  }

  private static final class StatementHandler implements InvocationHandler {
    private final PreparedStatement statement;
    private final Stat stat;

    StatementHandler(PreparedStatement statement, Stat stat) {
      this.statement = statement;
      this.stat = stat;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
      if (!method.getName().startsWith("execute")) {
        return call(statement, method, args);
      }
      long start = System.nanoTime();
      try {
        return call(statement, method, args);
      } finally {
        stat.record(System.nanoTime() - start);
      }
    }
  }

  private static Object call(Object target, Method method, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  @Override
  public Connection getConnection() throws SQLException {
    return wrap(target.getConnection());
  }

  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    return wrap(target.getConnection(username, password));
  }

  @Override
  public PrintWriter getLogWriter() throws SQLException {
    return target.getLogWriter();
  }

  @Override
  public void setLogWriter(PrintWriter out) throws SQLException {
    target.setLogWriter(out);
  }

  @Override
  public void setLoginTimeout(int seconds) throws SQLException {
    target.setLoginTimeout(seconds);
  }

  @Override
  public int getLoginTimeout() throws SQLException {
    return target.getLoginTimeout();
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    return target.getParentLogger();
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    return target.unwrap(iface);
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) throws SQLException {
    return target.isWrapperFor(iface);
  }
}
