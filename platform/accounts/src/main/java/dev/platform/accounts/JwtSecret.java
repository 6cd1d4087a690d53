package dev.platform.accounts;

import dev.platform.embedded.GeneratedSecret;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
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
            "accounts.jwt-secret must be at least " + MIN_BYTES + " bytes, is " + bytes.length);
      }
      return new JwtSecret(key(bytes), false, null);
    }
    Path file = dataDir.resolve("jwt-secret");
    return new JwtSecret(key(readOrCreate(file)), true, file);
  }

  private static byte[] readOrCreate(Path file) {
    byte[] bytes = GeneratedSecret.readOrCreate(file, 48);
    if (bytes.length < MIN_BYTES) {
      throw new IllegalStateException(
          file + " holds fewer than " + MIN_BYTES + " bytes; delete it");
    }
    return bytes;
  }

  private static SecretKey key(byte[] bytes) {
    return new SecretKeySpec(bytes, "HmacSHA256");
  }
}
