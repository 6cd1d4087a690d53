package dev.dungji;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A real SSE client: java.net.http reading text/event-stream line by line. */
final class Sse {
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final HttpClient CLIENT = HttpClient.newHttpClient();

  record Event(String id, String name, JsonNode data, long receivedNanos) {
    String status() {
      return data.get("status").asString();
    }
  }

  /** What a stream delivered: the HTTP status, its events, and whether it ended by itself. */
  record Result(int status, List<Event> events, boolean ended) {}

  /**
   * Reads a stream until it ends or {@code within} passes. {@code onEvent} sees each event as it
   * arrives.
   */
  static Result read(
      String url, String bearer, String lastEventId, Duration within, Consumer<Event> onEvent)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(url)).header("Accept", "text/event-stream").GET();
    if (bearer != null) {
      request.header("Authorization", "Bearer " + bearer);
    }
    if (lastEventId != null) {
      request.header("Last-Event-ID", lastEventId);
    }
    HttpResponse<java.util.stream.Stream<String>> response =
        CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofLines());
    List<Event> events = new CopyOnWriteArrayList<>();
    if (response.statusCode() != 200) {
      response.body().close();
      return new Result(response.statusCode(), events, true);
    }
    var reading =
        java.util.concurrent.CompletableFuture.runAsync(
            () -> {
              String id = null;
              String name = null;
              List<String> data = new ArrayList<>();
              var lines = response.body().iterator();
              while (lines.hasNext()) {
                String line = lines.next();
                if (line.isEmpty()) {
                  if (!data.isEmpty()) {
                    Event e =
                        new Event(
                            id, name, JSON.readTree(String.join("\n", data)), System.nanoTime());
                    events.add(e);
                    onEvent.accept(e);
                  }
                  id = null;
                  name = null;
                  data.clear();
                } else if (line.startsWith("id:")) {
                  id = line.substring(3).strip();
                } else if (line.startsWith("event:")) {
                  name = line.substring(6).strip();
                } else if (line.startsWith("data:")) {
                  data.add(line.substring(5).strip());
                }
              }
            },
            // A platform thread, as a client in another process has: a virtual thread here would
            // queue for the same carriers as the servers' CPU-bound task handlers in this JVM, and
            // the measured delays would include that wait.
            task -> Thread.ofPlatform().daemon().name("sse-client").start(task));
    boolean ended;
    try {
      reading.get(within.toMillis(), TimeUnit.MILLISECONDS);
      ended = true;
    } catch (java.util.concurrent.TimeoutException e) {
      ended = false;
      response.body().close();
    }
    return new Result(200, events, ended);
  }

  static Result read(String url, String bearer, String lastEventId, Duration within)
      throws Exception {
    return read(url, bearer, lastEventId, within, e -> {});
  }
}
