package dev.platform.storage.testing;

import dev.platform.storage.ObjectNotFoundException;
import dev.platform.storage.ObjectStorage;
import dev.platform.storage.StoredObject;
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

/**
 * Object storage in memory, for tests of the modules that use the port (not of storage itself: its
 * signed URLs lead nowhere). Tests read {@link #objects()} to check what was stored or cleaned up.
 */
public class InMemoryObjectStorage implements ObjectStorage {
  private final Map<String, byte[]> objects = new ConcurrentHashMap<>();

  /** The stored objects by key, live. */
  public Map<String, byte[]> objects() {
    return objects;
  }

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
    return URI.create("https://storage.test/" + key);
  }
}
