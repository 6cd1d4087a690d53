package dev.taskrow.adapter.ai.openai;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A chat completions API on the loopback that takes {@code latency} per call and counts the calls
 * in flight as the server sees them: from the moment a request reaches the handler until its answer
 * starts — so a client that keeps its cap can never make it count more.
 */
final class FakeChatServer implements AutoCloseable {
  private static final JsonMapper JSON = JsonMapper.builder().build();

  final AtomicInteger requests = new AtomicInteger();
  final AtomicInteger inFlight = new AtomicInteger();
  final AtomicInteger maxInFlight = new AtomicInteger();
  final AtomicInteger rateLimited = new AtomicInteger();

  /** This many of the next requests are answered 429 with {@code Retry-After: 1}. */
  final AtomicInteger rateLimitNext = new AtomicInteger();

  private final Duration latency;
  private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
  private final HttpServer server;

  FakeChatServer(Duration latency) throws IOException {
    this.latency = latency;
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(threads);
    server.createContext("/v1/chat/completions", this::handle);
    server.start();
  }

  URI baseUrl() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/v1");
  }

  private void handle(HttpExchange exchange) throws IOException {
    JsonNode request = JSON.readTree(exchange.getRequestBody().readAllBytes());
    requests.incrementAndGet();
    int now = inFlight.incrementAndGet();
    maxInFlight.accumulateAndGet(now, Math::max);
    int status;
    String body;
    try {
      if (rateLimitNext.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
        rateLimited.incrementAndGet();
        exchange.getResponseHeaders().add("Retry-After", "1");
        status = 429;
        body = "{\"error\":{\"message\":\"Rate limit reached\"}}";
      } else {
        serviceTime();
        status = 200;
        body = OpenAiProductAiTest.completion(answer(request));
      }
    } finally {
      // Before the answer goes out: the client releases its permit only once it has the answer.
      inFlight.decrementAndGet();
    }
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  /** The model's thinking time: the simulated latency, not a wait for something to happen. */
  private void serviceTime() {
    try {
      Thread.sleep(latency);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Milk is DAIRY, the rest OTHER; the first candidate is always the picture. */
  private static String answer(JsonNode request) {
    String system = request.path("messages").path(0).path("content").stringValue();
    String user = request.path("messages").path(1).path("content").stringValue();
    if (system.contains("\"category\"")) {
      return "{\"category\": \"" + (user.contains("우유") ? "DAIRY" : "OTHER") + "\"}";
    }
    return "{\"index\": 1}";
  }

  @Override
  public void close() {
    server.stop(0);
    threads.close();
  }
}
