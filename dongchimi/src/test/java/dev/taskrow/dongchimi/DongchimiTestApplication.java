package dev.taskrow.dongchimi;

import dev.taskrow.core.testing.SettableClock;
import dev.taskrow.core.testing.TestDatabase;
import dev.taskrow.storage.ObjectNotFoundException;
import dev.taskrow.storage.ObjectStorage;
import dev.taskrow.storage.StoredObject;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;

/** 동치미 with the account system on the test JVM's PostgreSQL, a settable clock, memory storage. */
@SpringBootConfiguration
@EnableAutoConfiguration
class DongchimiTestApplication {
  /** 10:00 in Seoul on 2026-03-02. */
  static final Instant START = Instant.parse("2026-03-02T01:00:00Z");

  @Bean
  DataSource dataSource() {
    return TestDatabase.dataSource();
  }

  @Bean
  SettableClock clock() {
    return new SettableClock(START);
  }

  @Bean
  MemoryStorage objectStorage() {
    return new MemoryStorage();
  }

  /** An object store in memory: the storage adapters have their own contract tests. */
  static class MemoryStorage implements ObjectStorage {
    final Map<String, byte[]> objects = new ConcurrentHashMap<>();

    @Override
    public void put(String key, InputStream data, long size, String contentType) {
      try {
        objects.put(key, data.readNBytes((int) size));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public InputStream get(String key) {
      byte[] bytes = objects.get(key);
      if (bytes == null) {
        throw new ObjectNotFoundException(key);
      }
      return new ByteArrayInputStream(bytes);
    }

    @Override
    public void delete(String key) {
      objects.remove(key);
    }

    @Override
    public boolean exists(String key) {
      return objects.containsKey(key);
    }

    @Override
    public Stream<StoredObject> list(String prefix) {
      return objects.entrySet().stream()
          .filter(e -> e.getKey().startsWith(prefix))
          .map(e -> new StoredObject(e.getKey(), e.getValue().length, Instant.EPOCH));
    }

    @Override
    public URI signedUrl(String key, Duration ttl) {
      return URI.create("https://storage.test/" + key + "?ttl=" + ttl.toSeconds());
    }
  }
}
