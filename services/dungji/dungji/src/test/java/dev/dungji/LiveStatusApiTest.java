package dev.dungji;

import static org.assertj.core.api.Assertions.assertThat;

import dev.platform.test.Answer;
import dev.taskrow.test.SseEvent;
import dev.taskrow.test.SseStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Server-sent events of the registry tasks over real HTTP, read by a real SSE client. */
class LiveStatusApiTest extends ApiTestBase {
  private static final Duration WITHIN = Duration.ofSeconds(30);

  private String base() {
    return api().url("");
  }

  /** Reads a stream to its end, or for {@link #WITHIN} at most, with what a client would send. */
  private static SseStream read(String url, String bearer, String lastEventId) throws Exception {
    return SseStream.to(url)
        .bearer(bearer)
        .header("Last-Event-ID", lastEventId)
        .readToTheEnd(WITHIN);
  }

  private String issueEvents(long nest, String taskId) {
    return base() + "/nests/" + nest + "/analysis/registry/issue/" + taskId + "/events";
  }

  @Test
  void theFirstEventIsTheCurrentStateAndTheStreamEndsAfterSuccess() throws Exception {
    String token = newUser();
    long nest = createNest(token, "live");
    String taskId = issue(token, nest).json().get("task_id").asString();

    SseStream stream = read(issueEvents(nest, taskId), token, null);

    assertThat(stream.ended()).isTrue();
    assertThat(stream.events()).isNotEmpty();
    assertThat(stream.events().getFirst().text("status")).isIn("PENDING", "PROCESSING", "SUCCESS");
    SseEvent last = stream.events().getLast();
    assertThat(last.text("status")).isEqualTo("SUCCESS");
    assertThat(last.name()).isEqualTo("status");
    // The same JSON as polling (the signed URL aside, which is new on every read).
    JsonNode polled = issueStatus(token, nest, taskId);
    assertThat(last.json().get("ocr_task_id")).isEqualTo(polled.get("ocr_task_id"));
    assertThat(last.json().get("attempt_count")).isEqualTo(polled.get("attempt_count"));
    assertThat(last.json().get("finished_at")).isEqualTo(polled.get("finished_at"));
    // Never an older state after a newer one, never the same state twice.
    List<String> order = List.of("PENDING", "PROCESSING", "SUCCESS");
    List<Integer> ranks = new ArrayList<>();
    stream.events().forEach(e -> ranks.add(order.indexOf(e.text("status"))));
    assertThat(ranks).isSorted();
    assertThat(stream.events().stream().map(SseEvent::id).distinct().count())
        .isEqualTo(stream.events().size());

    // The OCR stream follows the OCR task to its end the same way.
    String ocrId = last.json().get("ocr_task_id").asString();
    SseStream ocr =
        read(
            base() + "/nests/" + nest + "/analysis/registry/ocr/" + ocrId + "/events", token, null);
    assertThat(ocr.ended()).isTrue();
    assertThat(ocr.events().getLast().text("status")).isIn("SUCCESS", "FAILED");
    assertThat(ocr.events().getLast().json().has("text")).isTrue();
  }

  @Test
  void aReconnectWithLastEventIdGetsTheCurrentState() throws Exception {
    String token = newUser();
    long nest = createNest(token, "reconnect");
    String taskId = issue(token, nest).json().get("task_id").asString();
    SseStream first = read(issueEvents(nest, taskId), token, null);
    String firstId = first.events().getFirst().id();

    SseStream again = read(issueEvents(nest, taskId), token, firstId);

    assertThat(again.ended()).isTrue();
    assertThat(again.events()).hasSize(1);
    assertThat(again.events().getFirst().text("status")).isEqualTo("SUCCESS");
    assertThat(again.events().getFirst().id()).isEqualTo(first.events().getLast().id());
  }

  @Test
  void aStreamTokenOpensExactlyItsOwnStreamWithoutAHeader() throws Exception {
    String token = newUser();
    long nest = createNest(token, "token");
    String taskId = issue(token, nest).json().get("task_id").asString();
    String otherTask = issue(token, createNest(token, "token-2")).json().get("task_id").asString();
    Answer minted = api().post(issueEventsPath(nest, taskId) + "/token", token, null);
    assertThat(minted.status()).isEqualTo(200);
    String streamToken = minted.json().get("token").asString();
    assertThat(minted.json().get("expires_in").asLong()).isBetween(1L, 60L);

    SseStream stream = read(issueEvents(nest, taskId) + "?stream_token=" + streamToken, null, null);
    assertThat(stream.status()).isEqualTo(200);
    assertThat(stream.events().getLast().text("status")).isEqualTo("SUCCESS");

    // Not for another stream, not tampered with, not as a bearer token, and never no token at all.
    assertThat(
            read(issueEvents(nest, otherTask) + "?stream_token=" + streamToken, null, null)
                .status())
        .isEqualTo(401);
    assertThat(
            read(issueEvents(nest, taskId) + "?stream_token=x" + streamToken, null, null).status())
        .isEqualTo(401);
    assertThat(
            api().get(issueEventsPath(nest, taskId).replace("/events", ""), streamToken).status())
        .isEqualTo(401);
    assertThat(read(issueEvents(nest, taskId), null, null).status()).isEqualTo(401);
    assertThat(api().post(issueEventsPath(nest, taskId) + "/token", null, null).status())
        .isEqualTo(401);
  }

  @Test
  void streamsAnswer404And403LikePolling() throws Exception {
    String owner = newUser();
    String stranger = newUser();
    long nest = createNest(owner, "mine");
    String taskId = issue(owner, nest).json().get("task_id").asString();

    assertThat(read(issueEvents(nest, taskId), stranger, null).status()).isEqualTo(403);
    assertThat(api().post(issueEventsPath(nest, taskId) + "/token", stranger, null).status())
        .isEqualTo(403);
    assertThat(read(issueEvents(nest, UUID.randomUUID().toString()), owner, null).status())
        .isEqualTo(404);
    assertThat(read(issueEvents(987654321L, taskId), owner, null).status()).isEqualTo(404);
    // An issuance task is not an OCR task.
    assertThat(
            read(
                    base() + "/nests/" + nest + "/analysis/registry/ocr/" + taskId + "/events",
                    owner,
                    null)
                .status())
        .isEqualTo(404);
  }

  @Test
  void clientsThatNeverReadDoNotBlockOthers() throws Exception {
    String token = newUser();
    long nest = createNest(token, "slow");
    String taskId = issue(token, nest).json().get("task_id").asString();
    List<Socket> stalled = new ArrayList<>();
    try {
      for (int i = 0; i < 20; i++) {
        Socket socket = new Socket("127.0.0.1", port);
        socket.setReceiveBufferSize(1024);
        OutputStream out = socket.getOutputStream();
        out.write(
            ("GET "
                    + issueEventsPath(nest, taskId)
                    + " HTTP/1.1\r\nHost: x\r\n"
                    + "Accept: text/event-stream\r\nAuthorization: Bearer "
                    + token
                    + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        stalled.add(socket); // never read
      }
      // Another user: the stalled ones hold this user's 20 streams, the most one user may hold.
      String reader = newUser();
      long fastNest = createNest(reader, "fast");
      String other = issue(reader, fastNest).json().get("task_id").asString();
      long started = System.nanoTime();
      SseStream stream = read(issueEvents(fastNest, other), reader, null);
      assertThat(stream.ended()).isTrue();
      assertThat(stream.events().getLast().text("status")).isEqualTo("SUCCESS");
      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(15));
    } finally {
      for (Socket socket : stalled) {
        socket.close();
      }
    }
  }

  private static String issueEventsPath(long nest, String taskId) {
    return "/nests/" + nest + "/analysis/registry/issue/" + taskId + "/events";
  }
}
