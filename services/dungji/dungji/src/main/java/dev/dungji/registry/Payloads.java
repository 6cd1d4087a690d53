package dev.dungji.registry;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The registry tasks' payloads: a single id, written and read here only. */
public final class Payloads {
  private Payloads() {}

  public static String of(String field, long value) {
    return "{\"" + field + "\": " + value + "}";
  }

  public static long read(String json, String field) {
    Matcher m = Pattern.compile("\"" + Pattern.quote(field) + "\"\\s*:\\s*(\\d+)").matcher(json);
    if (!m.find()) {
      throw new IllegalArgumentException("payload has no " + field + ": " + json);
    }
    return Long.parseLong(m.group(1));
  }
}
