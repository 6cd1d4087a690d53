package dev.taskrow.core;

import dev.taskrow.core.Sql.SqlArray;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A {@link ConcurrencyLimit}'s key template, parsed, and its evaluation at submit. Payload fields
 * are read by PostgreSQL ({@code jsonb #>>}), the parser that will store the payload: the core
 * needs no JSON library, and a key reads a field exactly as a query of the row would. Only kinds
 * with a limit pay for it: one statement per submit (or per {@code submitAll}), none otherwise.
 */
final class ConcurrencyKey {
  private static final Pattern FIELD = Pattern.compile("[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)*");
  private static final String SUBJECT = "subject";

  /** Literal text, or a placeholder: the subject, or a payload path. */
  record Part(String literal, String field) {}

  private static final Sql READ_FIELDS =
      Sql.of(
          """
          select f.n,
                 jsonb_typeof(cast(f.payload as jsonb) #> string_to_array(f.path, '.')) as type,
                 cast(f.payload as jsonb) #>> string_to_array(f.path, '.') as value
          from unnest(cast(:payloads as text[]), cast(:paths as text[])) with ordinality
               as f(payload, path, n)
          """);

  private ConcurrencyKey() {}

  static List<Part> parse(String template) {
    if (template.isEmpty() || template.length() > 200) {
      throw new IllegalArgumentException(
          "concurrency key must be 1-200 characters: \"" + template + "\"");
    }
    List<Part> parts = new ArrayList<>();
    int i = 0;
    while (i < template.length()) {
      int open = template.indexOf('{', i);
      int close = template.indexOf('}', i);
      if (close >= 0 && (open < 0 || close < open)) {
        throw new IllegalArgumentException(
            "concurrency key " + template + " has a '}' without its '{' at " + close);
      }
      if (open < 0) {
        parts.add(new Part(template.substring(i), null));
        break;
      }
      if (open > i) {
        parts.add(new Part(template.substring(i, open), null));
      }
      if (close < 0) {
        throw new IllegalArgumentException(
            "concurrency key " + template + " has a '{' without its '}' at " + open);
      }
      String field = template.substring(open + 1, close);
      if (!FIELD.matcher(field).matches()) {
        throw new IllegalArgumentException(
            "concurrency key "
                + template
                + ": {"
                + field
                + "} is neither {subject} nor a payload field (letters, digits, _ and -, dotted"
                + " for a nested field)");
      }
      parts.add(new Part(null, field));
      i = close + 1;
    }
    return parts;
  }

  /**
   * The key of each task, null for a kind without a limit; reads every payload field the keys need
   * with one statement.
   *
   * @throws IllegalArgumentException naming the kind and the field, for a task whose key cannot be
   *     computed
   */
  static String[] keysOf(Connection c, List<TaskKind> kinds, List<NewTask> tasks)
      throws SQLException {
    String[] keys = new String[tasks.size()];
    List<String> payloads = new ArrayList<>();
    List<String> paths = new ArrayList<>();
    List<List<Part>> templates = new ArrayList<>(tasks.size());
    for (int t = 0; t < tasks.size(); t++) {
      ConcurrencyLimit limit = kinds.get(t).concurrencyLimit();
      List<Part> parts = limit == null ? List.of() : parse(limit.key());
      templates.add(parts);
      for (Part part : parts) {
        if (part.field() != null && !part.field().equals(SUBJECT)) {
          payloads.add(tasks.get(t).payload());
          paths.add(part.field());
        }
      }
    }
    String[] values = readFields(c, payloads, paths);
    int next = 0;
    for (int t = 0; t < tasks.size(); t++) {
      if (kinds.get(t).concurrencyLimit() == null) {
        continue;
      }
      StringBuilder key = new StringBuilder();
      for (Part part : templates.get(t)) {
        if (part.literal() != null) {
          key.append(part.literal());
        } else if (part.field().equals(SUBJECT)) {
          key.append(require(tasks.get(t).subject(), kinds.get(t), "the task's subject"));
        } else {
          key.append(require(values[next++], kinds.get(t), "payload field " + part.field()));
        }
      }
      keys[t] = key.toString();
    }
    return keys;
  }

  private static String require(String value, TaskKind kind, String what) {
    if (value == null) {
      throw new IllegalArgumentException(
          "task kind "
              + kind.name()
              + ": its concurrency key "
              + kind.concurrencyLimit().key()
              + " needs "
              + what
              + ", which the task lacks (missing, null, an object or an array)");
    }
    return value;
  }

  /** Each path's scalar value as text, or null when it is missing, null, an object or an array. */
  private static String[] readFields(Connection c, List<String> payloads, List<String> paths)
      throws SQLException {
    String[] values = new String[paths.size()];
    if (paths.isEmpty()) {
      return values;
    }
    Sql.Params params =
        Sql.params()
            .with("payloads", new SqlArray("text", payloads.toArray()))
            .with("paths", new SqlArray("text", paths.toArray()));
    try (PreparedStatement statement = READ_FIELDS.prepare(c, null, params);
        ResultSet rs = statement.executeQuery()) {
      while (rs.next()) {
        String type = rs.getString("type");
        boolean scalar =
            type != null && Arrays.asList("string", "number", "boolean").contains(type);
        values[rs.getInt("n") - 1] = scalar ? rs.getString("value") : null;
      }
    }
    return values;
  }
}
