package dev.taskrow.sse;

import dev.taskrow.core.InProcessSignals;
import dev.taskrow.core.TaskChange;
import dev.taskrow.core.TaskStatus;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * A web application with task event streams over in-memory "rows": a test sets a row's state and
 * signals the change, as a worker's commit would, and counts the reads each client's stream made.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
class StreamsTestApplication {
  /** An event larger than every buffer between the server and a client that does not read. */
  static final int BIG = 2 * 1024 * 1024;

  /** State {@code n} of a row, version {@code v<n>}, with {@code padding} bytes of filler. */
  static TaskEventStreams.State state(int n, int padding, boolean isFinal) {
    return new TaskEventStreams.State(
        Map.of("n", n, "final", isFinal, "padding", "x".repeat(padding)), "v" + n, isFinal);
  }

  @Bean
  InProcessSignals signals() {
    return new InProcessSignals();
  }

  @Bean
  Rows rows(InProcessSignals signals) {
    return new Rows(signals);
  }

  /**
   * A fixed, small kernel send buffer (no autotuning), so that an event larger than it cannot be
   * written to a client that does not read, whatever the host's TCP settings.
   */
  @Bean
  WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory> smallSendBuffer() {
    return factory ->
        factory.addConnectorCustomizers(
            connector -> connector.setProperty("socket.txBufSize", "65536"));
  }

  /** The rows the streams read, and how often each client's stream read. */
  static final class Rows {
    private final InProcessSignals signals;
    private final Map<UUID, TaskEventStreams.State> states = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> reads = new ConcurrentHashMap<>();

    Rows(InProcessSignals signals) {
      this.signals = signals;
    }

    /** Writes the row and signals the change, as a commit does. */
    void set(UUID task, TaskEventStreams.State state) {
      states.put(task, state);
      signals.tasksChanged(List.of(new TaskChange(task, "test", TaskStatus.PROCESSING)));
    }

    TaskEventStreams.State read(UUID task, String client) {
      reads.computeIfAbsent(client, c -> new AtomicInteger()).incrementAndGet();
      return states.get(task);
    }

    int reads(String client) {
      AtomicInteger n = reads.get(client);
      return n == null ? 0 : n.get();
    }
  }

  @RestController
  static class Events {
    private final TaskEventStreams streams;
    private final Rows rows;

    Events(TaskEventStreams streams, Rows rows) {
      this.streams = streams;
      this.rows = rows;
    }

    @GetMapping(path = "/tasks/{id}/events", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    SseEmitter events(@PathVariable UUID id, @RequestHeader("X-Client") String client) {
      return streams.open(id, client, () -> rows.read(id, client));
    }
  }
}
