package dev.taskrow.sse;

import static dev.taskrow.sse.StreamsTestApplication.state;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.taskrow.sse.StreamsTestApplication.Rows;
import dev.taskrow.test.SseStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Clients that stop reading, over a real Tomcat and real sockets. A stalled client is a raw socket
 * with a tiny receive buffer that never reads; one event larger than every buffer on the way (the
 * server's send buffer is fixed at 64 KB) makes its stream's write block for certain. Meanwhile
 * other clients, of the same task and of another one, must get every change promptly, and the
 * thousands of changes the stalled clients miss must leave nothing queued for them.
 */
@SpringBootTest(
    classes = StreamsTestApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    // No fallback reads during the test: every read a stream makes is one the test caused.
    properties = "taskrow.sse.fallback-interval=1h")
class SlowClientTest {
  private static final int CHANGES = 5_000;

  @LocalServerPort int port;
  @Autowired Rows rows;
  @Autowired TaskEventStreams streams;

  @Test
  void aStalledClientBlocksOnlyItsOwnStreamAndGetsTheLatestStateNotEveryState() throws Exception {
    UUID busy = UUID.randomUUID();
    UUID other = UUID.randomUUID();
    rows.set(busy, state(0, 0, false));
    rows.set(other, state(0, 0, false));
    List<StalledClient> stalled = new ArrayList<>();
    try {
      for (int i = 0; i < 4; i++) {
        stalled.add(StalledClient.open(port, busy, "stalled-" + i));
      }
      await().until(() -> stalled.stream().allMatch(c -> rows.reads(c.name()) == 1));
      SseStream sameTask = listen(busy, "reader-of-the-same-task");
      await().until(() -> sameTask.ids().contains("v0"));

      rows.set(busy, state(1, StreamsTestApplication.BIG, false));
      await().until(() -> sameTask.ids().contains("v1"));
      // Each stalled stream has read v1 and is now blocked writing it.
      await().until(() -> stalled.stream().allMatch(c -> rows.reads(c.name()) == 2));

      SseStream otherTask = listen(other, "reader-of-another-task");
      await().until(() -> otherTask.ids().contains("v0"));
      for (int n = 2; n <= CHANGES; n++) {
        rows.set(busy, state(n, 0, false));
        rows.set(other, state(n, 0, false));
      }
      long finalCommit = System.nanoTime();
      rows.set(other, state(CHANGES + 1, 0, true));
      rows.set(busy, state(CHANGES + 1, 0, true));

      String last = "v" + (CHANGES + 1);
      Map<String, SseStream> readers =
          Map.of("reader-of-another-task", otherTask, "reader-of-the-same-task", sameTask);
      for (Map.Entry<String, SseStream> entry : readers.entrySet()) {
        String name = entry.getKey();
        SseStream reader = entry.getValue();
        assertThat(reader.awaitEnd(Duration.ofSeconds(10))).as(name).isTrue();
        assertThat(reader.ids()).last().isEqualTo(last);
        assertThat(Duration.ofNanos(reader.last().orElseThrow().receivedNanos() - finalCommit))
            .as("%s got the final state after", name)
            .isLessThan(Duration.ofSeconds(3));
        // Coalesced, perhaps, but never out of order.
        assertThat(reader.ids().stream().map(id -> Integer.parseInt(id.substring(1))).toList())
            .isSorted()
            .doesNotHaveDuplicates();
      }
      // Thousands of changes while blocked: no read, no queue, only a dirty mark.
      assertThat(stalled).allSatisfy(c -> assertThat(rows.reads(c.name())).isEqualTo(2));

      // Reading at last, a stalled client gets the event that was in flight and then the latest
      // state: three events for five thousand changes.
      for (StalledClient client : stalled) {
        assertThat(client.readToTheEnd()).containsExactly("v0", "v1", last);
        assertThat(rows.reads(client.name())).isEqualTo(3);
      }
      await().until(() -> streams.openStreams() == 0);
    } finally {
      for (StalledClient client : stalled) {
        client.socket().close();
      }
    }
  }

  /** A client that reads as fast as events come, on a thread of its own. */
  private SseStream listen(UUID task, String name) throws Exception {
    SseStream stream =
        SseStream.to("http://127.0.0.1:" + port + "/tasks/" + task + "/events")
            .header("X-Client", name)
            .open();
    assertThat(stream.status()).isEqualTo(200);
    return stream;
  }
}
