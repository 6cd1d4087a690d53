package dev.taskrow.spring;

import java.util.regex.Pattern;

/**
 * The W3C Trace Context {@code traceparent} value stored on a task row: {@code 00-<32 hex trace
 * id>-<16 hex span id>-<2 hex flags>}. Written and read here rather than through the application's
 * propagator, so what the row holds does not depend on the propagation type the application
 * configured (B3 for its HTTP headers, say) and reads the same under either bridge.
 *
 * @param traceId 32 lower-case hex digits, not all zero (a 64-bit id is left-padded with zeros, as
 *     the W3C specification says)
 * @param spanId 16 lower-case hex digits, not all zero
 */
record TraceParent(String traceId, String spanId, boolean sampled) {
  private static final Pattern VALUE =
      Pattern.compile("00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})");
  private static final String ZERO_TRACE = "0".repeat(32);
  private static final String ZERO_SPAN = "0".repeat(16);

  /** The value for a span's ids, or null when they are not valid ids. */
  static String format(String traceId, String spanId, Boolean sampled) {
    if (traceId == null || spanId == null || traceId.length() > 32) {
      return null;
    }
    String value =
        "00-"
            + "0".repeat(32 - traceId.length())
            + traceId
            + "-"
            + spanId
            + (Boolean.TRUE.equals(sampled) ? "-01" : "-00");
    return parse(value) != null ? value : null;
  }

  /**
   * The stored value, or null when it is missing or malformed (another version, wrong lengths,
   * upper case, all-zero ids): the handler then starts a new trace.
   */
  static TraceParent parse(String value) {
    if (value == null) {
      return null;
    }
    var match = VALUE.matcher(value);
    if (!match.matches()) {
      return null;
    }
    String traceId = match.group(1);
    String spanId = match.group(2);
    if (traceId.equals(ZERO_TRACE) || spanId.equals(ZERO_SPAN)) {
      return null;
    }
    boolean sampled = (Integer.parseInt(match.group(3), 16) & 1) == 1;
    return new TraceParent(traceId, spanId, sampled);
  }
}
