package dev.platform.storage;

import java.util.regex.Pattern;

/** Validation of object keys, shared by every adapter so none can be tricked out of its store. */
public final class ObjectKeys {

  /** Longest key accepted; S3 allows 1024 bytes. */
  public static final int MAX_LENGTH = 512;

  private static final Pattern SEGMENT = Pattern.compile("[A-Za-z0-9._-]+");

  private ObjectKeys() {}

  /**
   * Returns {@code key} when it is a valid key, else throws {@link IllegalArgumentException}.
   * Valid: non-blank, at most {@link #MAX_LENGTH} characters, segments separated by single '/',
   * each segment of {@code [A-Za-z0-9._-]} and neither {@code .} nor {@code ..}.
   */
  public static String requireValid(String key) {
    if (key == null || key.isEmpty() || key.length() > MAX_LENGTH) {
      throw new IllegalArgumentException("object key must have 1.." + MAX_LENGTH + " characters");
    }
    for (String segment : key.split("/", -1)) {
      if (!SEGMENT.matcher(segment).matches() || segment.equals(".") || segment.equals("..")) {
        throw new IllegalArgumentException("invalid object key: " + key);
      }
    }
    return key;
  }

  /** Validates a listing prefix: "" or a valid key prefix (may end with '/'). */
  public static String requireValidPrefix(String prefix) {
    if (prefix == null) {
      throw new IllegalArgumentException("prefix must not be null");
    }
    if (prefix.isEmpty()) {
      return prefix;
    }
    requireValid(prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix);
    return prefix;
  }
}
