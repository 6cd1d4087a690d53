package dev.platform.embedded;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * A secret an embedded default generates once and keeps in its data directory (the JWT key, the
 * local storage's link-signing key), so that restarts and instances on the same directory agree.
 */
public final class GeneratedSecret {
  private GeneratedSecret() {}

  /**
   * The file's secret, creating the file with {@code randomBytes} random bytes (base64url text)
   * when it does not exist, owner-only from the first byte; an instance that loses the race to
   * create it reads the winner's.
   */
  public static byte[] readOrCreate(Path file, int randomBytes) {
    try {
      Path dir = file.toAbsolutePath().getParent();
      Files.createDirectories(dir);
      if (!Files.exists(file)) {
        create(file, dir, randomBytes);
      }
      byte[] secret = Files.readString(file, UTF_8).strip().getBytes(UTF_8);
      if (secret.length == 0) {
        throw new IllegalStateException(file + " is empty; delete it and start again");
      }
      return secret;
    } catch (IOException e) {
      throw new UncheckedIOException("could not read or create the secret " + file, e);
    }
  }

  /**
   * Written whole to an owner-only temporary file, then linked to its name in one step: another
   * instance sees no file or a complete one, never an empty one, and a crash leaves no half file.
   */
  private static void create(Path file, Path dir, int randomBytes) throws IOException {
    byte[] random = new byte[randomBytes];
    new SecureRandom().nextBytes(random);
    byte[] text = Base64.getUrlEncoder().withoutPadding().encode(random);
    Path temp;
    try {
      temp = Files.createTempFile(dir, ".secret-", ".tmp", ownerOnly());
    } catch (UnsupportedOperationException notPosix) {
      temp = Files.createTempFile(dir, ".secret-", ".tmp");
    }
    try {
      Files.write(temp, text);
      Files.createLink(file, temp);
    } catch (FileAlreadyExistsException raced) {
      // another instance on the same data directory created it first: use theirs
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  private static FileAttribute<?> ownerOnly() {
    return PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
  }
}
