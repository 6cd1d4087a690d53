package dev.platform.storage;

import java.io.InputStream;
import java.net.URI;
import java.time.Duration;
import java.util.stream.Stream;

/**
 * An object store: keys to immutable byte sequences. Implementations: local filesystem, S3.
 *
 * <p>Keys are relative, '/'-separated paths of letters, digits and {@code . _ - /}; no segment may
 * be empty, {@code .} or {@code ..}. {@link ObjectKeys#requireValid(String)} checks that and every
 * adapter calls it, so no key can escape the store.
 */
public interface ObjectStorage {

  /**
   * Stores {@code size} bytes read from {@code data} under {@code key}, replacing any object there.
   * On failure nothing is left under {@code key} that a later {@link #get} could read as complete.
   *
   * @throws StorageException when the store fails or {@code data} ends before {@code size} bytes
   */
  void put(String key, InputStream data, long size, String contentType);

  /**
   * Opens the object for reading; the caller closes the stream.
   *
   * @throws ObjectNotFoundException when no object is stored under {@code key}
   */
  InputStream get(String key);

  /** Deletes the object; deleting a missing key is not an error. */
  void delete(String key);

  boolean exists(String key);

  /**
   * The objects whose key starts with {@code prefix} ("" for all). The caller closes the stream.
   */
  Stream<StoredObject> list(String prefix);

  /**
   * A URL that lets whoever holds it read the object until {@code ttl} has passed; nobody else. The
   * caller decides who gets it (owner checks are the caller's job).
   */
  URI signedUrl(String key, Duration ttl);
}
