package dev.taskrow.core;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.postgresql.PGStatement;
import org.postgresql.util.PGobject;

/**
 * A statement with named parameters ({@code :name}), so the SQL in {@link TaskRepository} reads as
 * SQL. {@code :now} is special: it is the database's {@code now()} unless the engine runs on a Java
 * {@link Clock} (tests), in which case the clock's instant is bound instead. Leases and due times
 * thereby use one clock for every instance: the database's.
 */
final class Sql {
  private final String databaseClockText;
  private final String javaClockText;
  private final List<String> names;
  private final boolean plannedWithItsValues;

  private Sql(
      String databaseClockText,
      String javaClockText,
      List<String> names,
      boolean plannedWithItsValues) {
    this.databaseClockText = databaseClockText;
    this.javaClockText = javaClockText;
    this.names = names;
    this.plannedWithItsValues = plannedWithItsValues;
  }

  /**
   * The same statement, planned with its values on every execution (the driver sends it unnamed),
   * never with the server's generic plan: for statements whose best plan depends on values a
   * generic plan can only guess (the claim's lists of queues and their limits).
   */
  Sql plannedWithItsValues() {
    return new Sql(databaseClockText, javaClockText, names, true);
  }

  static Sql of(String text) {
    StringBuilder database = new StringBuilder();
    StringBuilder java = new StringBuilder();
    List<String> names = new ArrayList<>();
    boolean inString = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\'') {
        inString = !inString;
      }
      boolean parameterStart =
          !inString
              && c == ':'
              && i + 1 < text.length()
              && Character.isJavaIdentifierStart(text.charAt(i + 1))
              && (i == 0 || text.charAt(i - 1) != ':');
      if (!parameterStart) {
        database.append(c);
        java.append(c);
        continue;
      }
      int end = i + 1;
      while (end < text.length() && Character.isJavaIdentifierPart(text.charAt(end))) {
        end++;
      }
      String name = text.substring(i + 1, end);
      names.add(name);
      if (name.equals("now")) {
        database.append("now()");
        java.append("?::timestamptz");
      } else {
        database.append('?');
        java.append('?');
      }
      i = end - 1;
    }
    return new Sql(database.toString(), java.toString(), List.copyOf(names), false);
  }

  /**
   * This statement with {@code explain} (such as {@code "explain (analyze) "}) put before it, after
   * the planner settings it may start with ({@link TaskRepository#KEY_PROBES_ONLY}), which then
   * still apply: tests read its plan, or what it did.
   */
  Sql explainedBy(String explain) {
    return new Sql(
        afterSettings(databaseClockText, explain),
        afterSettings(javaClockText, explain),
        names,
        plannedWithItsValues);
  }

  private static String afterSettings(String text, String explain) {
    int start =
        text.startsWith(TaskRepository.KEY_PROBES_ONLY)
            ? TaskRepository.KEY_PROBES_ONLY.length()
            : 0;
    return text.substring(0, start) + explain + text.substring(start);
  }

  /** The statement as it runs on the database's clock; tests read its plan. */
  String text() {
    return databaseClockText;
  }

  PreparedStatement prepare(Connection connection, Clock clock, Params params) throws SQLException {
    return prepare(connection, clock, params, 0, false);
  }

  /**
   * Prepared as {@link #prepare(Connection, Clock, Params)}, in the task table's current plan
   * generation ({@link PlanGeneration}): its text ends with the generation's number when there has
   * been one, which the driver and the server take for a new statement, planned with the tables as
   * they are now; and while the table is too small for a kept plan, it is planned with its values.
   */
  PreparedStatement prepare(Connection connection, Clock clock, Params params, PlanGeneration plans)
      throws SQLException {
    boolean withItsValues = plans.plansWithValues(); // before the generation: PlanGeneration
    return prepare(connection, clock, params, plans.current(), withItsValues);
  }

  private PreparedStatement prepare(
      Connection connection, Clock clock, Params params, int planGeneration, boolean withItsValues)
      throws SQLException {
    String text = clock == null ? databaseClockText : javaClockText;
    if (planGeneration > 0) {
      text = text + "\n/* plan generation " + planGeneration + " */";
    }
    PreparedStatement statement = connection.prepareStatement(text);
    try {
      if ((plannedWithItsValues || withItsValues) && statement.isWrapperFor(PGStatement.class)) {
        statement.unwrap(PGStatement.class).setPrepareThreshold(0);
      }
      int index = 1;
      for (String name : names) {
        if (name.equals("now")) {
          if (clock != null) {
            statement.setObject(index++, OffsetDateTime.ofInstant(clock.instant(), ZoneOffset.UTC));
          }
          continue;
        }
        if (!params.values.containsKey(name)) {
          throw new IllegalArgumentException("no value for :" + name);
        }
        bind(connection, statement, index++, params.values.get(name));
      }
      return statement;
    } catch (SQLException | RuntimeException e) {
      statement.close();
      throw e;
    }
  }

  private static void bind(Connection connection, PreparedStatement statement, int index, Object v)
      throws SQLException {
    switch (v) {
      case null -> statement.setObject(index, null);
      case Instant instant ->
          statement.setObject(index, OffsetDateTime.ofInstant(instant, ZoneOffset.UTC));
      case SqlArray array -> {
        Array sqlArray = connection.createArrayOf(array.type(), array.values());
        statement.setArray(index, sqlArray);
      }
      case SqlJson json -> {
        PGobject jsonb = new PGobject();
        jsonb.setType("jsonb");
        jsonb.setValue(json.text());
        statement.setObject(index, jsonb);
      }
      case UUID uuid -> statement.setObject(index, uuid);
      default -> statement.setObject(index, v);
    }
  }

  static Params params() {
    return new Params();
  }

  /** Named values for a statement. */
  static final class Params {
    private final Map<String, Object> values = new HashMap<>();

    Params with(String name, Object value) {
      values.put(name, value);
      return this;
    }
  }

  /** A value bound as a PostgreSQL array of {@code type}. */
  record SqlArray(String type, Object[] values) {}

  /**
   * JSON text bound as jsonb, so that the server parses it once per call, where a text parameter
   * cast to jsonb in the statement is parsed wherever a kept plan evaluates the cast.
   */
  record SqlJson(String text) {}
}
