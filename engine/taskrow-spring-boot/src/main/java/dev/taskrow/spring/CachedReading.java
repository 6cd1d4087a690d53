package dev.taskrow.spring;

import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A value read from the database at most once per refresh interval, for gauges: frequent scrapes
 * and many gauges over one reading cost one query now and then. A failed read keeps the last good
 * value: a metrics scrape must not fail because the database blinked.
 */
final class CachedReading<T> {
  private static final Logger log = LoggerFactory.getLogger(CachedReading.class);

  /** Reads the value now. */
  @FunctionalInterface
  interface Reader<T> {
    T read() throws Exception;
  }

  private final String what;
  private final Reader<T> reader;
  private final long refreshNanos;
  private T value;
  private long readAtNanos;
  private boolean tried;

  /**
   * @param what what is read, for the log line of a failed read
   */
  CachedReading(String what, Reader<T> reader, Duration refreshInterval) {
    this.what = what;
    this.reader = reader;
    this.refreshNanos = refreshInterval.toNanos();
  }

  /** The last good reading, refreshed when it is older than the interval; empty until one. */
  synchronized Optional<T> get() {
    long now = System.nanoTime();
    if (!tried || now - readAtNanos >= refreshNanos) {
      tried = true;
      readAtNanos = now;
      try {
        value = reader.read();
      } catch (Exception e) {
        log.debug("{} not refreshed: {}", what, e.toString());
      }
    }
    return Optional.ofNullable(value);
  }
}
