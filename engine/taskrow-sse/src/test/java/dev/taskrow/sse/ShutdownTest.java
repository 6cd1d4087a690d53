package dev.taskrow.sse;

import static dev.taskrow.sse.StreamsTestApplication.state;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.taskrow.sse.StreamsTestApplication.Rows;
import dev.taskrow.test.SseStream;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A deploy stops an instance gracefully while clients hold streams of unfinished tasks. The streams
 * end at once (the clients reconnect elsewhere, Last-Event-ID) instead of holding the graceful
 * shutdown for its whole timeout.
 */
class ShutdownTest {

  @Test
  void aGracefulShutdownEndsOpenStreamsInsteadOfWaitingForThem() throws Exception {
    ConfigurableApplicationContext app =
        new SpringApplicationBuilder(StreamsTestApplication.class)
            .properties(
                "server.port=0",
                "server.shutdown=graceful",
                "spring.lifecycle.timeout-per-shutdown-phase=30s",
                "taskrow.sse.fallback-interval=1h")
            .run();
    int port = ((WebServerApplicationContext) app).getWebServer().getPort();
    UUID task = UUID.randomUUID();
    app.getBean(Rows.class).set(task, state(0, 0, false));
    SseStream stream =
        SseStream.to("http://127.0.0.1:" + port + "/tasks/" + task + "/events")
            .header("X-Client", "deploy")
            .open();
    await().until(() -> !stream.events().isEmpty());

    long started = System.nanoTime();
    app.close();
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
    assertThat(stream.awaitEnd(Duration.ofSeconds(5))).as("the client saw its stream end").isTrue();
  }

  @Test
  void onceStreamsAreEndedForAShutdownNewOnesAreRefusedWith503() throws Exception {
    try (TaskEventStreams streams =
        new TaskEventStreams(
            new dev.taskrow.core.InProcessSignals(),
            Duration.ofHours(1),
            Duration.ofMinutes(1),
            5)) {
      streams.open(UUID.randomUUID(), "before", () -> state(0, 0, false));
      assertThat(streams.openStreams()).isEqualTo(1);
      streams.endAll();
      assertThat(streams.openStreams()).isZero();
      assertThatThrownBy(() -> streams.open(UUID.randomUUID(), "after", () -> state(0, 0, false)))
          .isInstanceOfSatisfying(
              org.springframework.web.ErrorResponseException.class,
              e -> {
                assertThat(e.getStatusCode().value()).isEqualTo(503);
                assertThat(e.getHeaders().getFirst("Retry-After")).isEqualTo("1");
              });
    }
  }
}
