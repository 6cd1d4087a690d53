package dev.taskrow.sse;

import static dev.taskrow.sse.StreamsTestApplication.state;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.taskrow.sse.StreamsTestApplication.Rows;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * A client that never reads again holds its stream's thread and one event only until the server's
 * write timeout (Tomcat's connection timeout) gives up on it; then the stream is gone.
 */
@SpringBootTest(
    classes = StreamsTestApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {"taskrow.sse.fallback-interval=1h", "server.tomcat.connection-timeout=1s"})
class StalledClientDroppedTest {
  @LocalServerPort int port;
  @Autowired Rows rows;
  @Autowired TaskEventStreams streams;

  @Test
  void aClientThatNeverReadsIsDroppedAtTheWriteTimeout() throws Exception {
    UUID task = UUID.randomUUID();
    rows.set(task, state(0, 0, false));
    StalledClient client = StalledClient.open(port, task, "never-reads");
    try {
      await().until(() -> rows.reads("never-reads") == 1);
      rows.set(task, state(1, StreamsTestApplication.BIG, false));
      await().until(() -> rows.reads("never-reads") == 2); // now blocked writing v1
      assertThat(streams.openStreams()).isEqualTo(1);

      await().atMost(Duration.ofSeconds(15)).until(() -> streams.openStreams() == 0);
      assertThat(rows.reads("never-reads")).isEqualTo(2);
    } finally {
      client.socket().close();
    }
  }
}
