package dev.taskrow.accounts;

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
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/** The HS256 key: configured, or generated once per data directory and kept there. */
record JwtSecret(SecretKey key, boolean generated, Path file) {
  static final int MIN_BYTES = 32;

  static JwtSecret resolve(String configured, Path dataDir) {
    if (configured != null && !configured.isBlank()) {
      byte[] bytes = configured.getBytes(StandardCharsets.UTF_8);
      if (bytes.length < MIN_BYTES) {
        throw new IllegalStateException(
            "app.auth.jwt-secret must be at least " + MIN_BYTES + " bytes, is " + bytes.length);
      }
      return new JwtSecret(key(bytes), false, null);
    }
    Path file = dataDir.resolve("jwt-secret");
    return new JwtSecret(key(readOrCreate(file)), true, file);
  }

  private static byte[] readOrCreate(Path file) {
    try {
      Files.createDirectories(file.getParent());
      if (!Files.exists(file)) {
        byte[] random = new byte[48];
        new SecureRandom().nextBytes(random);
        byte[] text = Base64.getUrlEncoder().withoutPadding().encode(random);
        try {
          // Owner-only from the first byte: created with the permissions, then written.
          Files.createFile(
              file,
              PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
          Files.write(file, text, StandardOpenOption.TRUNCATE_EXISTING);
        } catch (FileAlreadyExistsException raced) {
          // another instance on the same data directory created it first: use theirs
        }
      }
      byte[] bytes =
          Files.readString(file, StandardCharsets.UTF_8).strip().getBytes(StandardCharsets.UTF_8);
      if (bytes.length < MIN_BYTES) {
        throw new IllegalStateException(
            file + " holds fewer than " + MIN_BYTES + " bytes; delete it");
      }
      return bytes;
    } catch (IOException e) {
      throw new UncheckedIOException("could not read or create the JWT secret " + file, e);
    }
  }

  private static SecretKey key(byte[] bytes) {
    return new SecretKeySpec(bytes, "HmacSHA256");
  }
}
