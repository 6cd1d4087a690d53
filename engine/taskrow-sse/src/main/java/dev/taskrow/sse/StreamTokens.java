package dev.taskrow.sse;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Short-lived tokens for one stream, for clients that cannot set an Authorization header (a
 * browser's EventSource). A token names its subject (the account), its scope (one stream, e.g.
 * {@code registry.issue:42:<taskId>}) and its expiry, signed with HMAC-SHA256. It is not a JWT, so
 * it can never be mistaken for a bearer token anywhere else.
 */
public final class StreamTokens {
  private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
  private final SecretKeySpec key;
  private final Clock clock;
  private final Duration ttl;

  /** Every instance that accepts a token needs the same key. */
  public StreamTokens(byte[] key, Clock clock, Duration ttl) {
    if (key.length < 32) {
      throw new IllegalArgumentException("a stream-token key needs at least 32 bytes");
    }
    this.key = new SecretKeySpec(key.clone(), "HmacSHA256");
    this.clock = clock;
    this.ttl = ttl;
  }

  public Duration ttl() {
    return ttl;
  }

  public String issue(String subject, String scope) {
    if (subject.contains("\n") || scope.contains("\n")) {
      throw new IllegalArgumentException("no line breaks in a stream token's subject or scope");
    }
    long expires = clock.instant().plus(ttl).getEpochSecond();
    String payload = subject + "\n" + scope + "\n" + expires;
    byte[] body = payload.getBytes(StandardCharsets.UTF_8);
    return B64.encodeToString(body) + "." + B64.encodeToString(sign(body));
  }

  /** The subject, when the token is genuine, unexpired and made for this scope. */
  public Optional<String> verify(String token, String scope) {
    if (token == null) {
      return Optional.empty();
    }
    int dot = token.indexOf('.');
    if (dot < 0) {
      return Optional.empty();
    }
    byte[] body;
    byte[] signature;
    try {
      body = Base64.getUrlDecoder().decode(token.substring(0, dot));
      signature = Base64.getUrlDecoder().decode(token.substring(dot + 1));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
    if (!MessageDigest.isEqual(sign(body), signature)) {
      return Optional.empty();
    }
    String[] parts = new String(body, StandardCharsets.UTF_8).split("\n", -1);
    if (parts.length != 3 || !parts[1].equals(scope)) {
      return Optional.empty();
    }
    long expires;
    try {
      expires = Long.parseLong(parts[2]);
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
    if (clock.instant().getEpochSecond() >= expires) {
      return Optional.empty();
    }
    return Optional.of(parts[0]);
  }

  private byte[] sign(byte[] body) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(key);
      return mac.doFinal(body);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }
}
