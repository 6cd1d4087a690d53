package dev.tools.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * One measured quantity, one value per run. Task throughputs are put against the ceiling (the ratio
 * the issue asks for); submit rates and latencies are not.
 */
final class Figure {
  private final String workload;
  private final String name;
  private final String unit;
  private final boolean throughput;
  private boolean againstCeiling;
  private final List<Double> values = new ArrayList<>();

  Figure(String workload, String name, String unit, boolean throughput) {
    this.workload = workload;
    this.name = name;
    this.unit = unit;
    this.throughput = throughput;
  }

  /** Shows this throughput divided by the ceiling in the table. */
  Figure againstCeiling() {
    this.againstCeiling = true;
    return this;
  }

  boolean isAgainstCeiling() {
    return againstCeiling;
  }

  void add(double value) {
    values.add(value);
  }

  String workload() {
    return workload;
  }

  String name() {
    return name;
  }

  String unit() {
    return unit;
  }

  boolean throughput() {
    return throughput;
  }

  List<Double> values() {
    return values;
  }

  double median() {
    return Stats.median(values);
  }

  double min() {
    return values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
  }

  double max() {
    return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
  }
}
