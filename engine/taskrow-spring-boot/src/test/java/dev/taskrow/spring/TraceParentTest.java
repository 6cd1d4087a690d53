package dev.taskrow.spring;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TraceParentTest {
  private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
  private static final String SPAN = "00f067aa0ba902b7";

  @Test
  void formatsAndParsesTheW3cValue() {
    String value = TraceParent.format(TRACE, SPAN, true);
    assertThat(value).isEqualTo("00-" + TRACE + "-" + SPAN + "-01");
    assertThat(TraceParent.parse(value)).isEqualTo(new TraceParent(TRACE, SPAN, true));
    assertThat(TraceParent.parse(TraceParent.format(TRACE, SPAN, false)).sampled()).isFalse();
    assertThat(TraceParent.format(TRACE, SPAN, null)).endsWith("-00");
  }

  @Test
  void padsA64BitTraceIdAsTheSpecificationSays() {
    assertThat(TraceParent.format("a3ce929d0e0e4736", SPAN, true))
        .isEqualTo("00-0000000000000000a3ce929d0e0e4736-" + SPAN + "-01");
  }

  @Test
  void rejectsWhatIsNoTraceparent() {
    assertThat(TraceParent.parse(null)).isNull();
    assertThat(TraceParent.parse("")).isNull();
    assertThat(TraceParent.parse("garbage")).isNull();
    assertThat(TraceParent.parse("01-" + TRACE + "-" + SPAN + "-01")).isNull();
    assertThat(TraceParent.parse("00-" + TRACE.toUpperCase() + "-" + SPAN + "-01")).isNull();
    assertThat(TraceParent.parse("00-" + "0".repeat(32) + "-" + SPAN + "-01")).isNull();
    assertThat(TraceParent.parse("00-" + TRACE + "-" + "0".repeat(16) + "-01")).isNull();
    assertThat(TraceParent.parse("00-" + TRACE + "-" + SPAN + "-01-extra")).isNull();
    assertThat(TraceParent.format("", SPAN, true)).isNull();
    assertThat(TraceParent.format(TRACE, "xyz", true)).isNull();
  }
}
