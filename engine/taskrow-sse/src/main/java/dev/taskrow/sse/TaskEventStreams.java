package dev.taskrow.sse;

import dev.taskrow.core.SignalListener;
import dev.taskrow.core.Signals;
import dev.taskrow.core.TaskChange;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * Server-sent events of one task's status, for any module that has a polling endpoint. The roles
 * stay apart: a signal only says "task T changed"; the stream then reads the row (through the
 * caller's {@link StateReader}, the same mapping as the polling endpoint) and sends it when it
 * differs from what the client last got.
 *
 * <ul>
 *   <li>The first event is the current state read from the database, also after a reconnect
 *       (Last-Event-ID): a client never has to know what it missed.
 *   <li>Event ids are the state's version (supplied by the reader): a duplicated, lost or reordered
 *       signal causes at most one more read, never an older or a wrong state, because every event
 *       is a fresh read and reads of one stream never overlap.
 *   <li>A stream that has not read its row for {@code fallbackInterval} reads it again, so lost
 *       signals (Redis down) cost latency only. Each stream keeps its own due time, so the fallback
 *       reads of many streams spread out instead of all coming at one tick.
 *   <li>The stream completes after a final state, or after {@code timeout}.
 *   <li>No queue per client: changes while a read or write is under way only mark the stream dirty,
 *       and the next read sends the state as it is then. A client that reads slowly gets the latest
 *       state, not every state, and the server holds at most the one event being written for it.
 *   <li>Reads and writes of one stream run one at a time on a thread of their own: a client that
 *       stops reading blocks only its own stream's thread, until its write fails.
 *   <li>One viewer (a user) may hold at most {@code maxStreamsPerViewer} streams at once in this
 *       process; past it, {@link #open} refuses with 429 {@code TOO_MANY_STREAMS}: each stream
 *       holds a connection and reads its row every fallback interval.
 * </ul>
 */
public final class TaskEventStreams implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(TaskEventStreams.class);

  /** What the client gets: the polling endpoint's body, a version for the event id, finality. */
  public record State(Object body, String version, boolean isFinal) {
    public State {
      Objects.requireNonNull(body);
      Objects.requireNonNull(version);
    }
  }

  /** Reads the task's current state from the database. */
  @FunctionalInterface
  public interface StateReader {
    State read() throws Exception;
  }

  private final Map<UUID, Set<Stream>> streams = new ConcurrentHashMap<>();
  // Platform threads, not virtual ones. A stream's work is small and waits only for the database
  // and the socket, but a virtual thread must first get a carrier, and task handlers doing
  // CPU-bound work on virtual threads in the same process hold the carriers: events queued behind
  // them, which was most of the commit -> event delay's tail. The OS preempts; the carrier
  // scheduler does not. A thread exists only while its stream reads or writes; idle ones are
  // reused, then end.
  private final ExecutorService executor =
      Executors.newCachedThreadPool(Thread.ofPlatform().daemon().name("taskrow-sse-", 0).factory());
  private final ScheduledExecutorService ticker =
      Executors.newSingleThreadScheduledExecutor(
          Thread.ofPlatform().daemon().name("taskrow-sse-fallback").factory());
  private final AutoCloseable subscription;
  private final Duration timeout;
  private final int maxStreamsPerViewer;
  private final Map<String, Integer> streamsOfViewer = new ConcurrentHashMap<>();
  private volatile boolean stopping;

  public TaskEventStreams(
      Signals signals, Duration fallbackInterval, Duration timeout, int maxStreamsPerViewer) {
    if (maxStreamsPerViewer < 1) {
      throw new IllegalArgumentException("maxStreamsPerViewer must be at least 1");
    }
    this.timeout = timeout;
    this.maxStreamsPerViewer = maxStreamsPerViewer;
    this.subscription =
        signals.subscribe(
            new SignalListener() {
              @Override
              public void onTaskChanged(TaskChange change) {
                Set<Stream> open = streams.get(change.taskId());
                if (open != null) {
                  open.forEach(Stream::poke);
                }
              }
            });
    // Ticks finer than the interval, so that each stream reads about one interval after its own
    // last read (a read caused by a signal postpones the next fallback read).
    long tick = Math.max(10, fallbackInterval.toMillis() / 8);
    ticker.scheduleWithFixedDelay(
        () -> pokeUnreadFor(fallbackInterval.toNanos()), tick, tick, TimeUnit.MILLISECONDS);
  }

  private void pokeUnreadFor(long nanos) {
    long now = System.nanoTime();
    for (Set<Stream> set : streams.values()) {
      for (Stream stream : set) {
        if (now - stream.lastRead >= nanos) {
          stream.poke();
        }
      }
    }
  }

  /** The number of open streams (metrics, tests). */
  public int openStreams() {
    return streams.values().stream().mapToInt(Set::size).sum();
  }

  /**
   * Opens a stream for {@code viewer} (who asks: a user id). Check authentication and ownership
   * before calling this, so that a refusal is an ordinary 401/403/404 answer rather than a stream.
   *
   * @throws ErrorResponseException 429 {@code TOO_MANY_STREAMS} when the viewer already holds the
   *     most streams allowed, 503 {@code UNAVAILABLE} once the instance is shutting down
   */
  public SseEmitter open(UUID taskId, String viewer, StateReader reader) {
    Objects.requireNonNull(viewer);
    if (stopping) { // the instance is going away: the client retries, reaching another one
      ErrorResponseException refused =
          refusal(
              HttpStatus.SERVICE_UNAVAILABLE,
              "UNAVAILABLE",
              "this instance is shutting down; retry");
      refused.getHeaders().set(HttpHeaders.RETRY_AFTER, "1");
      throw refused;
    }
    boolean[] admitted = new boolean[1];
    streamsOfViewer.compute(
        viewer,
        (v, open) -> {
          int n = open == null ? 0 : open;
          admitted[0] = n < maxStreamsPerViewer;
          return admitted[0] ? n + 1 : open;
        });
    if (!admitted[0]) {
      throw refusal(
          HttpStatus.TOO_MANY_REQUESTS,
          "TOO_MANY_STREAMS",
          "at most " + maxStreamsPerViewer + " event streams at once; close one first");
    }
    SseEmitter emitter = new SseEmitter(timeout.toMillis());
    Stream stream = new Stream(taskId, viewer, reader, emitter);
    // Registered before the first read: a change committed meanwhile still causes a read.
    streams.computeIfAbsent(taskId, id -> ConcurrentHashMap.newKeySet()).add(stream);
    emitter.onCompletion(stream::close);
    emitter.onTimeout(
        () -> {
          stream.close();
          emitter.complete(); // a normal end: the client reconnects with Last-Event-ID
        });
    emitter.onError(e -> stream.close());
    stream.poke();
    return emitter;
  }

  /** A refusal as problem+json with a {@code code}, whichever advice answers it. */
  private static ErrorResponseException refusal(HttpStatus status, String code, String detail) {
    ErrorResponseException refused = new ErrorResponseException(status);
    refused.getBody().setDetail(detail);
    refused.getBody().setProperty("code", code);
    return refused;
  }

  private final class Stream {
    private final UUID taskId;
    private final String viewer;
    private final StateReader reader;
    private final SseEmitter emitter;
    private final AtomicBoolean dirty = new AtomicBoolean();
    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicBoolean released = new AtomicBoolean();
    private volatile boolean closed;
    private volatile long lastRead = System.nanoTime();
    private String sentVersion;

    Stream(UUID taskId, String viewer, StateReader reader, SseEmitter emitter) {
      this.taskId = taskId;
      this.viewer = viewer;
      this.reader = reader;
      this.emitter = emitter;
    }

    void poke() {
      dirty.set(true);
      if (!closed && running.compareAndSet(false, true)) {
        executor.execute(this::drain);
      }
    }

    /** Many pokes while one read runs cause one more read, not many. */
    private void drain() {
      try {
        while (!closed && dirty.getAndSet(false)) {
          step();
        }
      } finally {
        running.set(false);
      }
      if (!closed && dirty.get() && running.compareAndSet(false, true)) {
        executor.execute(this::drain);
      }
    }

    private void step() {
      State state;
      lastRead = System.nanoTime();
      try {
        state = reader.read();
      } catch (Exception e) {
        log.debug("task {} could not be read for its stream: {}", taskId, e.toString());
        if (sentVersion == null) {
          fail(e);
        }
        return; // the next signal or tick tries again
      }
      try {
        if (!state.version().equals(sentVersion)) {
          emitter.send(
              SseEmitter.event()
                  .id(state.version())
                  .name("status")
                  .data(state.body(), MediaType.APPLICATION_JSON));
          sentVersion = state.version();
        }
        if (state.isFinal()) {
          close();
          emitter.complete();
        }
      } catch (IOException | IllegalStateException e) {
        // The client went away (or the emitter already completed): nothing to send to.
        close();
      }
    }

    private void fail(Exception e) {
      close();
      emitter.completeWithError(e);
    }

    void close() {
      closed = true;
      streams.computeIfPresent(
          taskId,
          (id, set) -> {
            set.remove(this);
            return set.isEmpty() ? null : set;
          });
      if (released.compareAndSet(false, true)) { // close runs from several callbacks
        streamsOfViewer.computeIfPresent(viewer, (v, open) -> open > 1 ? open - 1 : null);
      }
    }
  }

  /**
   * Ends every open stream now (its client reconnects, with Last-Event-ID, to another instance) and
   * refuses new ones with 503. Called as the web server begins a graceful shutdown: an open stream
   * is a request in progress, and would otherwise hold the shutdown for its whole timeout.
   */
  public void endAll() {
    stopping = true;
    for (Set<Stream> set : streams.values()) {
      for (Stream stream : set) {
        stream.close();
        stream.emitter.complete();
      }
    }
  }

  @Override
  public void close() throws Exception {
    ticker.shutdownNow();
    subscription.close();
    endAll();
    streams.clear();
    executor.shutdownNow();
  }
}
