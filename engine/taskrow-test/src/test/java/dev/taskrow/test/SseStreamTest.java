package dev.taskrow.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The SSE client against a real HTTP server (the JDK's) that writes the event-stream format. */
class SseStreamTest {
  private static final Duration WITHIN = Duration.ofSeconds(10);

  private final CountDownLatch release = new CountDownLatch(1);
  private ExecutorService handlers;
  private HttpServer server;

  @BeforeEach
  void startServer() throws IOException {
    handlers = Executors.newCachedThreadPool();
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(handlers);
    server.createContext(
        "/ends",
        exchange ->
            stream(
                exchange,
                """
                id: 1
                event: status
                data: {"status": "PENDING"}

                : keep-alive

                id: 2
                data: {"status":
                data: "SUCCESS", "n": 2}

                """));
    server.createContext(
        "/headers",
        exchange -> {
          String auth = exchange.getRequestHeaders().getFirst("Authorization");
          String last = exchange.getRequestHeaders().getFirst("Last-Event-ID");
          stream(
              exchange,
              "data: {\"authorization\": \"%s\", \"last\": \"%s\"}\n\n".formatted(auth, last));
        });
    server.createContext(
        "/refused",
        exchange -> {
          byte[] body = "{\"code\": \"TOO_MANY_STREAMS\"}".getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(429, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.createContext(
        "/holds",
        exchange -> {
          exchange.sendResponseHeaders(200, 0);
          OutputStream out = exchange.getResponseBody();
          out.write("id: v0\ndata: {}\n\n".getBytes(StandardCharsets.UTF_8));
          out.flush();
          try {
            release.await(); // the stream stays open until the test is over
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          exchange.close();
        });
    server.start();
  }

  @AfterEach
  void stopServer() {
    release.countDown();
    server.stop(0);
    handlers.shutdownNow();
  }

  private static void stream(HttpExchange exchange, String body) throws IOException {
    exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
    exchange.sendResponseHeaders(200, 0);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body.getBytes(StandardCharsets.UTF_8));
    }
  }

  private String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  @Test
  void readsEveryEventWithItsIdNameAndDataUntilTheServerEndsTheStream() throws Exception {
    SseStream stream = SseStream.to(url("/ends")).readToTheEnd(WITHIN);

    assertThat(stream.status()).isEqualTo(200);
    assertThat(stream.ended()).isTrue();
    assertThat(stream.ids()).containsExactly("1", "2");
    SseEvent first = stream.events().getFirst();
    assertThat(first.name()).isEqualTo("status");
    assertThat(first.text("status")).isEqualTo("PENDING");
    SseEvent last = stream.last().orElseThrow();
    assertThat(last.name()).isNull();
    assertThat(last.data()).isEqualTo("{\"status\":\n\"SUCCESS\", \"n\": 2}");
    assertThat(last.json().get("n").asInt()).isEqualTo(2);
    assertThat(last.text("missing")).isNull();
    assertThat(last.receivedNanos()).isGreaterThanOrEqualTo(first.receivedNanos());
  }

  @Test
  void sendsTheBearerAndTheHeadersGivenAndNoneForNullValues() throws Exception {
    SseEvent with =
        SseStream.to(url("/headers"))
            .bearer("t0ken")
            .header("Last-Event-ID", "v3")
            .readToTheEnd(WITHIN)
            .last()
            .orElseThrow();
    assertThat(with.text("authorization")).isEqualTo("Bearer t0ken");
    assertThat(with.text("last")).isEqualTo("v3");

    SseEvent without =
        SseStream.to(url("/headers"))
            .bearer(null)
            .header("Last-Event-ID", null)
            .readToTheEnd(WITHIN)
            .last()
            .orElseThrow();
    assertThat(without.text("authorization")).isEqualTo("null");
    assertThat(without.text("last")).isEqualTo("null");
  }

  @Test
  void aRefusedStreamHasItsStatusAndBodyAndNoEvents() throws Exception {
    SseStream refused = SseStream.to(url("/refused")).open();

    assertThat(refused.status()).isEqualTo(429);
    assertThat(refused.refusal()).contains("TOO_MANY_STREAMS");
    assertThat(refused.events()).isEmpty();
    assertThat(refused.awaitEnd(WITHIN)).isTrue();
  }

  @Test
  void aStreamThatOutlivesTheWaitIsClosedAndNotEnded() throws Exception {
    SseStream stream = SseStream.to(url("/holds")).readToTheEnd(Duration.ofMillis(300));

    assertThat(stream.ended()).isFalse();
    assertThat(stream.ids()).containsExactly("v0");
  }

  @Test
  void anOpenStreamGrowsWhileItIsRead() throws Exception {
    try (SseStream live = SseStream.to(url("/holds")).open()) {
      await().atMost(WITHIN).until(() -> live.ids().contains("v0"));
      assertThat(live.ended()).isFalse();
    }
  }
}
