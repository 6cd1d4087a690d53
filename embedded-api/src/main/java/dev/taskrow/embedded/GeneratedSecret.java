package dev.taskrow.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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
   * when it does not exist. Owner-only from the first byte: created with its permissions, then
   * written; an instance that loses the race to create it reads the winner's.
   */
  public static byte[] readOrCreate(Path file, int randomBytes) {
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      if (!Files.exists(file)) {
        byte[] random = new byte[randomBytes];
        new SecureRandom().nextBytes(random);
        byte[] text = Base64.getUrlEncoder().withoutPadding().encode(random);
        try {
          Files.createFile(file, ownerOnly());
          Files.write(file, text, StandardOpenOption.TRUNCATE_EXISTING);
        } catch (FileAlreadyExistsException raced) {
          // another instance on the same data directory created it first: use theirs
        } catch (UnsupportedOperationException notPosix) {
          Files.write(file, text, StandardOpenOption.CREATE_NEW);
        }
      }
      return Files.readString(file, StandardCharsets.UTF_8)
          .strip()
          .getBytes(StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("could not read or create the secret " + file, e);
    }
  }

  private static java.nio.file.attribute.FileAttribute<?> ownerOnly() {
    return PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
  }
}
