package dev.taskrow.bench;

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
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * An OpenAI-compatible chat API on the loopback that answers every call in {@code latency} and
 * admits at most {@code admit} calls at once: one more is answered 429 with {@code Retry-After: 1}
 * and counted — a client that keeps its cap never sees one. A call counts as in flight from the
 * moment the handler has it until its answer starts, so the client's permit (released only once the
 * answer is in) always covers it.
 */
final class FakeAiServer implements AutoCloseable {
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final String[] CATEGORIES = {
    "FRUIT", "VEGETABLE", "MEAT_EGG", "SEAFOOD", "DAIRY", "NOODLE", "SNACK", "BEVERAGE", "OTHER"
  };

  private final Duration latency;
  private final int admit;
  private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
  private final HttpServer server;

  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicInteger maxInFlight = new AtomicInteger();
  private final AtomicInteger answered = new AtomicInteger();
  private final AtomicInteger rejected = new AtomicInteger();
  private final AtomicLong firstStart = new AtomicLong(Long.MAX_VALUE);
  private final AtomicLong lastEnd = new AtomicLong(Long.MIN_VALUE);

  FakeAiServer(Duration latency, int admit) throws IOException {
    this.latency = latency;
    this.admit = admit;
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
    server.setExecutor(threads);
    server.createContext("/v1/chat/completions", this::handle);
    server.start();
  }

  URI baseUrl() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/v1");
  }

  void reset() {
    maxInFlight.set(0);
    answered.set(0);
    rejected.set(0);
    firstStart.set(Long.MAX_VALUE);
    lastEnd.set(Long.MIN_VALUE);
  }

  /** Calls answered 200. */
  int answered() {
    return answered.get();
  }

  /** Calls refused with 429 because {@code admit} were already in flight. */
  int rejected() {
    return rejected.get();
  }

  int maxInFlight() {
    return maxInFlight.get();
  }

  /** {@link System#nanoTime} when the first admitted call arrived. */
  long firstCallNanos() {
    return firstStart.get();
  }

  /** {@link System#nanoTime} when the last answer started. */
  long lastAnswerNanos() {
    return lastEnd.get();
  }

  private void handle(HttpExchange exchange) throws IOException {
    JsonNode request = JSON.readTree(exchange.getRequestBody().readAllBytes());
    int now = inFlight.incrementAndGet();
    maxInFlight.accumulateAndGet(now, Math::max);
    int status;
    String body;
    try {
      if (now > admit) {
        rejected.incrementAndGet();
        exchange.getResponseHeaders().add("Retry-After", "1");
        status = 429;
        body = "{\"error\":{\"message\":\"Rate limit reached\",\"code\":\"rate_limit_exceeded\"}}";
      } else {
        firstStart.accumulateAndGet(System.nanoTime(), Math::min);
        think();
        status = 200;
        body = completion(answer(request));
        answered.incrementAndGet();
        lastEnd.accumulateAndGet(System.nanoTime(), Math::max);
      }
    } finally {
      inFlight.decrementAndGet();
    }
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  /** The model's time per call: what the benchmark's floor is made of. */
  private void think() {
    try {
      Thread.sleep(latency);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** A valid category (by the name's hash) or the first candidate picture. */
  private static String answer(JsonNode request) {
    String system = request.path("messages").path(0).path("content").stringValue();
    String user = request.path("messages").path(1).path("content").stringValue();
    if (system.contains("\"category\"")) {
      String category = CATEGORIES[Math.floorMod(user.hashCode(), CATEGORIES.length)];
      return "{\"category\": \"" + category + "\"}";
    }
    return "{\"index\": 1}";
  }

  private static String completion(String content) {
    ObjectNode root = JSON.createObjectNode();
    root.put("id", "chatcmpl-bench").put("object", "chat.completion");
    ObjectNode choice = root.putArray("choices").addObject();
    choice.put("index", 0).put("finish_reason", "stop");
    choice.putObject("message").put("role", "assistant").put("content", content);
    return JSON.writeValueAsString(root);
  }

  @Override
  public void close() {
    server.stop(0);
    threads.close();
  }
}
