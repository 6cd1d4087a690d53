package dev.tools.bench;

import java.util.List;
import java.util.function.IntConsumer;

/**
 * One task engine under the side-by-side benchmark: taskrow or a peer, each on its own tables of
 * the same PostgreSQL, configured as its own documentation recommends for throughput. A task
 * carries a sequence number so the handler can report when task {@code seq} started.
 */
interface Peer extends AutoCloseable {
  /**
   * How a worker runs: its concurrency (0: the engine's own throughput setting) and how long each
   * handler waits on (simulated) I/O.
   */
  record Mode(int concurrency, long handlerMillis) {
    int concurrencyOr(int own) {
      return concurrency > 0 ? concurrency : own;
    }
  }

  String name();

  /** The settings used, with links to the documentation they come from (for the report). */
  String configuration(Mode mode);

  /**
   * How many of the {@code asked} tasks this engine drains: an engine two orders of magnitude
   * slower drains fewer, so a run ends within its timeout; its figure is still tasks ÷ time.
   */
  default int drainTasks(int asked) {
    return asked;
  }

  /** Creates the engine's tables if needed and deletes every row of a previous run. */
  void reset() throws Exception;

  /** Enqueues tasks {@code 0..n-1} with no worker running, in the engine's bulk API. */
  void enqueueAll(int n) throws Exception;

  /** Starts workers; {@code onStart} runs first thing in every handler. */
  void start(Mode mode, IntConsumer onStart) throws Exception;

  /** Submits one task, as an application would for one request. */
  void submit(int seq) throws Exception;

  /** Tasks whose success is not committed yet, read from the database. */
  long pending() throws Exception;

  /**
   * The engine's statements since {@link #start}, one line per kind (calls, rate, mean time), for
   * the run's diagnostics; empty for an engine the bench cannot see into.
   */
  default List<String> statements(double seconds) {
    return List.of();
  }

  /** Stops the workers started by {@link #start}. */
  @Override
  void close() throws Exception;
}
