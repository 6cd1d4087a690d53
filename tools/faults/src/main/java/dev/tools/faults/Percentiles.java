package dev.tools.faults;

import java.util.List;

/** Nearest-rank percentiles of a sample. */
final class Percentiles {
  private Percentiles() {}

  static double of(List<Double> sample, double percentile) {
    if (sample.isEmpty()) {
      return Double.NaN;
    }
    double[] sorted = sample.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int rank = (int) Math.ceil(percentile / 100.0 * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
  }

  /** "p50 1.2 ms, p99 3.4 ms (n=100)". */
  static String describe(List<Double> sample) {
    return String.format(
        "p50 %.1f ms, p99 %.1f ms (n=%d)", of(sample, 50), of(sample, 99), sample.size());
  }
}
