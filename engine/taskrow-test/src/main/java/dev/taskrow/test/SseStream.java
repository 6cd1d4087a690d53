package dev.taskrow.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real client of one {@code text/event-stream} over the JDK's HTTP client, reading the events as
 * they come on a thread of its own, as a browser's EventSource does.
 *
 * <pre>{@code
 * // Read to the end (or give up after 30 s), then look at what came:
 * SseStream stream = SseStream.to(url).bearer(token).readToTheEnd(Duration.ofSeconds(30));
 * assertThat(stream.status()).isEqualTo(200);
 * assertThat(stream.ended()).isTrue();
 * assertThat(stream.last().orElseThrow().text("status")).isEqualTo("SUCCESS");
 *
 * // Or hold it open while the test changes the task:
 * try (SseStream live = SseStream.to(url).header("Last-Event-ID", id).open()) {
 *   await().until(() -> live.events().size() == 2);
 * }
 * }</pre>
 *
 * A refused stream (any status but 200) has no events; {@link #refusal()} is its body.
 */
public final class SseStream implements AutoCloseable {
  // One client for every stream, never closed: closing a client waits for the bodies still read.
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private final int status;
  private final String refusal;
  private final Stream<String> lines;
  private final List<SseEvent> events = new CopyOnWriteArrayList<>();
  private final CountDownLatch finished = new CountDownLatch(1);
  private volatile boolean closedByClient;

  private SseStream(int status, String refusal, Stream<String> lines) {
    this.status = status;
    this.refusal = refusal;
    this.lines = lines;
  }

  /** A request for the stream at {@code url}; say what to send, then open it. */
  public static Request to(String url) {
    return new Request(URI.create(url));
  }

  /** The headers of a stream's request. A null value sends no header, so optional ones pass. */
  public static final class Request {
    private final HttpRequest.Builder http;

    private Request(URI url) {
      this.http = HttpRequest.newBuilder(url).header("Accept", "text/event-stream").GET();
    }

    public Request header(String name, String value) {
      if (value != null) {
        http.header(name, value);
      }
      return this;
    }

    /** {@code Authorization: Bearer <token>}, or nothing for a null token. */
    public Request bearer(String token) {
      return header("Authorization", token == null ? null : "Bearer " + token);
    }

    /** Sends the request; once the answer's headers are in, its events are read as they come. */
    public SseStream open() throws IOException, InterruptedException {
      HttpResponse<Stream<String>> response =
          HTTP.send(http.build(), HttpResponse.BodyHandlers.ofLines());
      if (response.statusCode() != 200) {
        try (Stream<String> body = response.body()) {
          SseStream refused =
              new SseStream(response.statusCode(), String.join("\n", body.toList()), body);
          refused.finished.countDown();
          return refused;
        }
      }
      SseStream stream = new SseStream(200, "", response.body());
      // A platform thread, as a client in another process has: a virtual one would queue for the
      // same carriers as the CPU-bound task handlers of a server in this JVM, and measured delays
      // would include that wait.
      Thread.ofPlatform().daemon().name("sse-client").start(stream::read);
      return stream;
    }

    /**
     * Opens the stream, reads it until the server ends it or {@code within} has passed, then closes
     * it; {@link #ended()} says which.
     */
    public SseStream readToTheEnd(Duration within) throws IOException, InterruptedException {
      try (SseStream stream = open()) {
        stream.awaitEnd(within);
        return stream;
      }
    }
  }

  /** The lines of the body, dispatched as the event-stream format says. */
  private void read() {
    String id = null;
    String name = null;
    List<String> data = new ArrayList<>();
    try (lines) {
      for (Iterator<String> it = lines.iterator(); it.hasNext(); ) {
        String line = it.next();
        if (line.isEmpty()) {
          if (!data.isEmpty()) {
            events.add(new SseEvent(id, name, String.join("\n", data), System.nanoTime()));
          }
          name = null;
          data.clear();
          continue;
        }
        int colon = line.indexOf(':');
        if (colon == 0) {
          continue; // a comment, e.g. a keep-alive
        }
        String field = colon < 0 ? line : line.substring(0, colon);
        String value = colon < 0 ? "" : line.substring(colon + 1);
        value = value.startsWith(" ") ? value.substring(1) : value;
        switch (field) {
          case "id" -> id = value;
          case "event" -> name = value;
          case "data" -> data.add(value);
          default -> {} // retry and unknown fields: nothing a test reads
        }
      }
    } catch (UncheckedIOException e) {
      // The connection dropped (the server went away, or close() was called): the stream is over.
    } finally {
      finished.countDown();
    }
  }

  /** The HTTP status of the answer: 200 for a stream, anything else for a refusal. */
  public int status() {
    return status;
  }

  /** The body of a refused stream, e.g. its problem+json; empty for a stream. */
  public String refusal() {
    return refusal;
  }

  /** The events so far, in order; the list grows while the stream is read. */
  public List<SseEvent> events() {
    return events;
  }

  /** The ids of the events so far, in order. */
  public List<String> ids() {
    return events.stream().map(SseEvent::id).toList();
  }

  public Optional<SseEvent> last() {
    return events.isEmpty() ? Optional.empty() : Optional.of(events.getLast());
  }

  /** Waits until the stream ends; true if the server ended it (or refused it) within the time. */
  public boolean awaitEnd(Duration within) throws InterruptedException {
    return finished.await(within.toMillis(), TimeUnit.MILLISECONDS) && ended();
  }

  /**
   * Whether the server has ended the stream (or refused it), rather than this client closing it.
   */
  public boolean ended() {
    return finished.getCount() == 0 && !closedByClient;
  }

  /** Stops reading and drops the connection; a stream the server already ended stays ended. */
  @Override
  public void close() {
    if (finished.getCount() > 0) {
      closedByClient = true;
      lines.close();
    }
  }
}
