package dev.dungji;

import dev.platform.storage.ObjectNotFoundException;
import dev.platform.storage.ObjectStorage;
import dev.platform.storage.StorageException;
import dev.platform.storage.StoredObject;
import dev.platform.storage.local.LocalObjectStorage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * The local store, made to fail for chosen nests the way a store fails: an upload that dies
 * half-way (leaving a partial object under the key, as some stores and multipart uploads do), or a
 * read of an object that vanished.
 */
public class FaultyStorage implements ObjectStorage {
  final LocalObjectStorage local;
  final Set<Long> failUploads = ConcurrentHashMap.newKeySet();
  final Set<Long> loseObjects = ConcurrentHashMap.newKeySet();
  final Set<Long> flakyReadsOnce = ConcurrentHashMap.newKeySet();

  /** Uploads of these nests fail (half written) this many more times, then the store recovers. */
  final Map<Long, AtomicInteger> failUploadsTimes = new ConcurrentHashMap<>();

  FaultyStorage(LocalObjectStorage local) {
    this.local = local;
  }

  private static boolean forNest(Set<Long> nests, String key) {
    return nests.stream().anyMatch(n -> key.startsWith("dungji/registry/nest-" + n + "/"));
  }

  @Override
  public void put(String key, InputStream data, long size, String contentType) {
    if (forNest(failUploads, key) || failsThisTime(key)) {
      try {
        byte[] half = data.readNBytes((int) (size / 2));
        local.put(key, new ByteArrayInputStream(half), half.length, contentType);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      throw new StorageException("connection reset after " + size / 2 + " bytes", null, false);
    }
    local.put(key, data, size, contentType);
  }

  private boolean failsThisTime(String key) {
    return failUploadsTimes.entrySet().stream()
        .anyMatch(
            e ->
                key.startsWith("dungji/registry/nest-" + e.getKey() + "/")
                    && e.getValue().getAndUpdate(n -> Math.max(0, n - 1)) > 0);
  }

  @Override
  public InputStream get(String key) {
    if (forNest(loseObjects, key)) {
      throw new ObjectNotFoundException(key);
    }
    if (flakyReadsOnce.removeIf(n -> key.startsWith("dungji/registry/nest-" + n + "/"))) {
      throw new StorageException("read timed out (test)", null, true);
    }
    return local.get(key);
  }

  @Override
  public void delete(String key) {
    local.delete(key);
  }

  @Override
  public boolean exists(String key) {
    return local.exists(key);
  }

  @Override
  public Stream<StoredObject> list(String prefix) {
    return local.list(prefix);
  }

  @Override
  public URI signedUrl(String key, Duration ttl) {
    return local.signedUrl(key, ttl);
  }
}
