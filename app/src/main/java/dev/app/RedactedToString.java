package dev.app;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Set;
import java.util.StringJoiner;

/**
 * A settings record's {@code toString} without its secrets: properties end up in logs and failure
 * messages, keys and passwords must not. Every component is listed, so a new one is never left out.
 */
public final class RedactedToString {
  private RedactedToString() {}

  /**
   * @param settings the record
   * @param secrets the names of its components to print as {@code ***} when set
   */
  public static String of(Record settings, String... secrets) {
    Set<String> hidden = Set.of(secrets);
    StringJoiner out = new StringJoiner(", ", settings.getClass().getSimpleName() + "[", "]");
    for (RecordComponent component : settings.getClass().getRecordComponents()) {
      Object value = value(settings, component);
      boolean redacted = value != null && hidden.contains(component.getName());
      out.add(component.getName() + "=" + (redacted ? "***" : value));
    }
    return out.toString();
  }

  private static Object value(Record settings, RecordComponent component) {
    try {
      return component.getAccessor().invoke(settings);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException("cannot read " + component.getName(), e);
    }
  }
}
