package dev.platform.storage.local;

import dev.platform.storage.ObjectKeys;
import dev.platform.storage.ObjectNotFoundException;
import dev.platform.storage.ObjectStorage;
import dev.platform.storage.StorageException;
import dev.platform.storage.StoredObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Objects as files under a root directory. A write goes to a temporary file first and is moved into
 * place, so a failed or short write never leaves a readable object. Keys are validated by {@link
 * ObjectKeys} and the resolved path is checked to stay under the root, so no key reaches outside.
 *
 * <p>Signed URLs point at the application ({@code {baseUrl}/files/{key}?expires=…&signature=…});
 * the app's endpoint calls {@link #openSigned} to serve them. See {@link UrlSigner}.
 */
public final class LocalObjectStorage implements ObjectStorage {
  private static final String TMP = ".tmp";

  private final Path root;
  private final Path tmp;
  private final URI baseUrl;
  private final UrlSigner signer;
  private final Clock clock;

  /**
   * @param root the directory that holds the objects; created if missing
   * @param baseUrl the application's public base URL, e.g. http://localhost:8080
   * @param secret the HMAC key for signed links, at least 32 bytes
   */
  public LocalObjectStorage(Path root, URI baseUrl, byte[] secret, Clock clock) {
    this.root = root.toAbsolutePath().normalize();
    this.tmp = this.root.resolve(TMP);
    this.baseUrl = Objects.requireNonNull(baseUrl, "baseUrl");
    this.signer = new UrlSigner(secret);
    this.clock = Objects.requireNonNull(clock, "clock");
    try {
      Files.createDirectories(tmp);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the storage directory " + this.root, e);
    }
  }

  public Path root() {
    return root;
  }

  @Override
  public void put(String key, InputStream data, long size, String contentType) {
    Path target = resolve(key);
    Path temp = tmp.resolve(UUID.randomUUID() + ".part");
    try {
      long written;
      try (OutputStream out = Files.newOutputStream(temp)) {
        written = data.transferTo(out);
      }
      if (written != size) {
        throw new StorageException(
            "expected " + size + " bytes for " + key + ", got " + written, null, false);
      }
      Files.createDirectories(target.getParent());
      try {
        Files.move(
            temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new StorageException("cannot write " + key + ": " + e, e, true);
    } finally {
      deleteQuietly(temp);
    }
  }

  @Override
  public InputStream get(String key) {
    Path path = resolve(key);
    try {
      if (!Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
        throw new ObjectNotFoundException(key);
      }
      return Files.newInputStream(path);
    } catch (NoSuchFileException e) {
      throw new ObjectNotFoundException(key);
    } catch (IOException e) {
      throw new StorageException("cannot read " + key + ": " + e, e, true);
    }
  }

  @Override
  public void delete(String key) {
    Path path = resolve(key);
    try {
      Files.deleteIfExists(path);
    } catch (IOException e) {
      throw new StorageException("cannot delete " + key + ": " + e, e, true);
    }
  }

  @Override
  public boolean exists(String key) {
    return Files.isRegularFile(resolve(key), LinkOption.NOFOLLOW_LINKS);
  }

  @Override
  public Stream<StoredObject> list(String prefix) {
    ObjectKeys.requireValidPrefix(prefix);
    try {
      return Files.walk(root)
          .filter(p -> !p.startsWith(tmp))
          .filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
          .map(this::describe)
          .filter(o -> o != null && o.key().startsWith(prefix));
    } catch (IOException e) {
      throw new StorageException("cannot list " + root + ": " + e, e, true);
    }
  }

  private StoredObject describe(Path path) {
    try {
      BasicFileAttributes attributes =
          Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      String key = root.relativize(path).toString().replace('\\', '/');
      return new StoredObject(key, attributes.size(), attributes.lastModifiedTime().toInstant());
    } catch (NoSuchFileException e) {
      return null; // deleted while listing
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public URI signedUrl(String key, Duration ttl) {
    ObjectKeys.requireValid(key);
    if (ttl.isNegative() || ttl.isZero()) {
      throw new IllegalArgumentException("ttl must be positive");
    }
    long expires = clock.instant().plus(ttl).getEpochSecond();
    String base = baseUrl.toString().replaceAll("/+$", "");
    return URI.create(
        base
            + "/files/"
            + key
            + "?expires="
            + expires
            + "&signature="
            + URLEncoder.encode(signer.sign(key, expires), StandardCharsets.UTF_8));
  }

  /**
   * Opens the object a signed link names, after checking the signature and the expiry.
   *
   * @throws SignatureRejectedException when the link is forged, altered or expired
   * @throws ObjectNotFoundException when the link is valid but the object is gone
   */
  public InputStream openSigned(String key, long expires, String signature) {
    ObjectKeys.requireValid(key);
    if (!signer.verify(key, expires, signature)) {
      throw new SignatureRejectedException("bad signature");
    }
    if (clock.instant().getEpochSecond() > expires) {
      throw new SignatureRejectedException("link expired");
    }
    return get(key);
  }

  private Path resolve(String key) {
    ObjectKeys.requireValid(key);
    Path path = root.resolve(key).normalize();
    if (!path.startsWith(root) || path.startsWith(tmp)) {
      throw new IllegalArgumentException("invalid object key: " + key);
    }
    return path;
  }

  private static void deleteQuietly(Path path) {
    try {
      Files.deleteIfExists(path);
    } catch (IOException ignored) {
      // a leftover temporary file is harmless and never listed
    }
  }
}
