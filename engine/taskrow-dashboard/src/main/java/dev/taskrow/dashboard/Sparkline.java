package dev.taskrow.dashboard;

/**
 * A queue's last hour as two polylines of an inline SVG, drawn on the server: no chart library, no
 * script, nothing the Content-Security-Policy has to allow.
 *
 * @param succeededPoints the SVG {@code points} of the successes per minute
 * @param failedPoints the same for the failures
 * @param peak the largest count of one minute, the chart's top
 */
public record Sparkline(
    String succeededPoints, String failedPoints, long succeeded, long failed, long peak) {
  static final int WIDTH = 120;
  static final int HEIGHT = 32;

  static Sparkline of(long[] succeeded, long[] failed) {
    long peak = 1;
    long totalSucceeded = 0;
    long totalFailed = 0;
    for (int i = 0; i < succeeded.length; i++) {
      peak = Math.max(peak, Math.max(succeeded[i], failed[i]));
      totalSucceeded += succeeded[i];
      totalFailed += failed[i];
    }
    return new Sparkline(
        points(succeeded, peak), points(failed, peak), totalSucceeded, totalFailed, peak);
  }

  private static String points(long[] values, long peak) {
    StringBuilder points = new StringBuilder();
    double step = (double) WIDTH / Math.max(1, values.length - 1);
    for (int i = 0; i < values.length; i++) {
      double x = i * step;
      double y = HEIGHT - 1 - (HEIGHT - 2) * (double) values[i] / peak;
      if (i > 0) {
        points.append(' ');
      }
      points.append(String.format(java.util.Locale.ROOT, "%.1f,%.1f", x, y));
    }
    return points.toString();
  }
}
