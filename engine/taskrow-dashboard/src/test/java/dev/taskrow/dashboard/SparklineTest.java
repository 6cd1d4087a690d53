package dev.taskrow.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.taskrow.core.TaskOverview;
import org.junit.jupiter.api.Test;

/** The overview's chart: one point per minute, scaled to the busiest minute. */
class SparklineTest {

  @Test
  void eachMinuteIsAPointAndTheBusiestMinuteTouchesTheTop() {
    long[] succeeded = new long[TaskOverview.MINUTES];
    long[] failed = new long[TaskOverview.MINUTES];
    succeeded[59] = 10;
    succeeded[0] = 5;
    failed[30] = 2;

    Sparkline chart = Sparkline.of(succeeded, failed);

    assertThat(chart.succeeded()).isEqualTo(15);
    assertThat(chart.failed()).isEqualTo(2);
    assertThat(chart.peak()).isEqualTo(10);
    String[] points = chart.succeededPoints().split(" ");
    assertThat(points).hasSize(TaskOverview.MINUTES);
    assertThat(points[0]).isEqualTo("0.0,16.0"); // half the peak: half way up
    assertThat(points[59]).isEqualTo("120.0,1.0"); // the peak: the top
    assertThat(points[1]).isEqualTo("2.0,31.0"); // nothing: the bottom
    assertThat(chart.failedPoints().split(" ")[30]).startsWith("61.0,");
  }

  @Test
  void anEmptyHourIsAFlatLineAtTheBottom() {
    Sparkline chart = Sparkline.of(new long[TaskOverview.MINUTES], new long[TaskOverview.MINUTES]);
    assertThat(chart.succeededPoints().split(" ")).allMatch(p -> p.endsWith(",31.0"));
    assertThat(chart.peak()).isEqualTo(1);
  }
}
