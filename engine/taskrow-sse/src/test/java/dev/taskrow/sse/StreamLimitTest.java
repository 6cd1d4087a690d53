package dev.taskrow.sse;

import static dev.taskrow.sse.StreamsTestApplication.state;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.taskrow.sse.StreamsTestApplication.Rows;
import dev.taskrow.test.SseStream;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/** One viewer holds a bounded number of streams; others are not affected; closing frees a slot. */
@SpringBootTest(
    classes = StreamsTestApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "taskrow.sse.max-streams-per-viewer=2",
      "taskrow.sse.fallback-interval=1h",
      "spring.mvc.problemdetails.enabled=true"
    })
class StreamLimitTest {
  @LocalServerPort int port;
  @Autowired Rows rows;
  @Autowired TaskEventStreams streams;

  @Test
  void aViewerPastItsLimitIsRefusedWith429UntilOneOfItsStreamsEnds() throws Exception {
    UUID first = UUID.randomUUID();
    UUID second = UUID.randomUUID();
    rows.set(first, state(0, 0, false));
    rows.set(second, state(0, 0, false));
    List<SseStream> open = new ArrayList<>();
    try {
      open.add(request(first, "alice"));
      open.add(request(second, "alice"));
      assertThat(open).extracting(SseStream::status).containsOnly(200);

      SseStream third = request(first, "alice");
      assertThat(third.status()).isEqualTo(429);
      assertThat(third.refusal()).contains("TOO_MANY_STREAMS");
      SseStream bob = request(first, "bob");
      open.add(bob);
      assertThat(bob.status()).isEqualTo(200);

      rows.set(second, state(1, 0, true)); // alice's stream of it ends
      await().until(() -> streams.openStreams() == 2);
      SseStream again = request(second, "alice");
      open.add(again);
      assertThat(again.status()).isEqualTo(200);
    } finally {
      // Streams end with their tasks; left open, they would hold the server's shutdown.
      rows.set(first, state(2, 0, true));
      rows.set(second, state(2, 0, true));
      await().until(() -> streams.openStreams() == 0);
      for (SseStream stream : open) {
        stream.close();
      }
    }
  }

  private SseStream request(UUID task, String viewer) throws Exception {
    return SseStream.to("http://127.0.0.1:" + port + "/tasks/" + task + "/events")
        .header("X-Client", viewer)
        .open();
  }
}
