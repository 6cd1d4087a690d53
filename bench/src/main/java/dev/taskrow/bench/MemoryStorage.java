package dev.taskrow.bench;

import dev.taskrow.storage.ObjectNotFoundException;
import dev.taskrow.storage.ObjectStorage;
import dev.taskrow.storage.StorageException;
import dev.taskrow.storage.StoredObject;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/** The uploaded sheets in memory: the import benchmark measures the AI fan-out, not a disk. */
final class MemoryStorage implements ObjectStorage {
  private final Map<String, byte[]> objects = new ConcurrentHashMap<>();

  @Override
  public void put(String key, InputStream data, long size, String contentType) {
    try {
      byte[] bytes = data.readNBytes((int) size);
      if (bytes.length != size) {
        throw new StorageException("short upload for " + key);
      }
      objects.put(key, bytes);
    } catch (IOException e) {
      throw new StorageException("cannot read the upload for " + key, e, false);
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
    throw new UnsupportedOperationException("not needed by the import");
  }

  @Override
  public URI signedUrl(String key, Duration ttl) {
    throw new UnsupportedOperationException("not needed by the import");
  }
}
