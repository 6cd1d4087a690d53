package dev.dongchimi.adapter.ai.openai.testing;

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
import java.util.function.UnaryOperator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * An OpenAI-compatible chat completions API on the loopback (the JDK's {@code HttpServer} on
 * virtual threads), for the adapter's tests and the import benchmark. Every call takes {@code
 * latency}; at most {@code admit} are served at once, and one more is answered 429 with {@code
 * Retry-After: 1} and counted — as are the calls {@link #rateLimitNext} asks for. A call counts as
 * in flight from the moment the handler has it until its answer starts, so a client that keeps its
 * cap (releasing its permit only once it has the answer) can never make it count more.
 *
 * <p>A classification prompt is answered with the category {@code categories} gives for the user
 * message; an image match always picks the first candidate.
 */
public final class FakeChatServer implements AutoCloseable {
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final Duration latency;
  private final int admit;
  private final UnaryOperator<String> categories;
  private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
  private final HttpServer server;

  private final AtomicInteger requests = new AtomicInteger();
  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicInteger maxInFlight = new AtomicInteger();
  private final AtomicInteger answered = new AtomicInteger();
  private final AtomicInteger rateLimited = new AtomicInteger();
  private final AtomicInteger rateLimitNext = new AtomicInteger();
  private final AtomicLong firstStart = new AtomicLong(Long.MAX_VALUE);
  private final AtomicLong lastEnd = new AtomicLong(Long.MIN_VALUE);

  /** A server with no cap of its own: it answers 429 only when {@link #rateLimitNext} asks. */
  public FakeChatServer(Duration latency, UnaryOperator<String> categories) throws IOException {
    this(latency, Integer.MAX_VALUE, categories);
  }

  public FakeChatServer(Duration latency, int admit, UnaryOperator<String> categories)
      throws IOException {
    this.latency = latency;
    this.admit = admit;
    this.categories = categories;
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
    server.setExecutor(threads);
    server.createContext("/v1/chat/completions", this::handle);
    server.start();
  }

  /** The API's base URL, {@code .../v1}. */
  public URI baseUrl() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/v1");
  }

  /** The next {@code calls} calls are answered 429 with {@code Retry-After: 1}. */
  public void rateLimitNext(int calls) {
    rateLimitNext.set(calls);
  }

  /** Zeroes the counts and times (not the calls in flight). */
  public void reset() {
    requests.set(0);
    maxInFlight.set(0);
    answered.set(0);
    rateLimited.set(0);
    firstStart.set(Long.MAX_VALUE);
    lastEnd.set(Long.MIN_VALUE);
  }

  /** Calls received, whatever their answer. */
  public int requests() {
    return requests.get();
  }

  /** Calls answered 200. */
  public int answered() {
    return answered.get();
  }

  /** Calls answered 429: beyond {@code admit} in flight, or asked for by {@link #rateLimitNext}. */
  public int rateLimited() {
    return rateLimited.get();
  }

  /** The most calls in flight at once, as the server saw them. */
  public int maxInFlight() {
    return maxInFlight.get();
  }

  /** {@link System#nanoTime} when the first admitted call arrived. */
  public long firstCallNanos() {
    return firstStart.get();
  }

  /** {@link System#nanoTime} when the last answer started. */
  public long lastAnswerNanos() {
    return lastEnd.get();
  }

  private void handle(HttpExchange exchange) throws IOException {
    JsonNode request = JSON.readTree(exchange.getRequestBody().readAllBytes());
    requests.incrementAndGet();
    int now = inFlight.incrementAndGet();
    maxInFlight.accumulateAndGet(now, Math::max);
    int status;
    String body;
    try {
      if (now > admit || rateLimitNext.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
        rateLimited.incrementAndGet();
        exchange.getResponseHeaders().add("Retry-After", "1");
        status = 429;
        body = "{\"error\":{\"message\":\"Rate limit reached\",\"code\":\"rate_limit_exceeded\"}}";
      } else {
        firstStart.accumulateAndGet(System.nanoTime(), Math::min);
        think();
        status = 200;
        body = completion(request.path("model").stringValue(), answer(request));
        answered.incrementAndGet();
        lastEnd.accumulateAndGet(System.nanoTime(), Math::max);
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
  private void think() {
    try {
      Thread.sleep(latency);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private String answer(JsonNode request) {
    String system = request.path("messages").path(0).path("content").stringValue();
    String user = request.path("messages").path(1).path("content").stringValue();
    if (system.contains("\"category\"")) {
      return "{\"category\": \"" + categories.apply(user) + "\"}";
    }
    return "{\"index\": 1}";
  }

  /** A chat completion by {@code model} whose message content is {@code content}. */
  public static String completion(String model, String content) {
    ObjectNode root = JSON.createObjectNode();
    root.put("id", "chatcmpl-1").put("object", "chat.completion").put("model", model);
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
