package dev.platform.storage.local;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** HMAC-SHA256 over "key\nexpires"; the signature is URL-safe base64 without padding. */
final class UrlSigner {
  private final SecretKeySpec secret;

  UrlSigner(byte[] secret) {
    if (secret == null || secret.length < 32) {
      throw new IllegalArgumentException("the signing secret must have at least 32 bytes");
    }
    this.secret = new SecretKeySpec(secret.clone(), "HmacSHA256");
  }

  String sign(String key, long expires) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(mac(key, expires));
  }

  boolean verify(String key, long expires, String signature) {
    if (signature == null) {
      return false;
    }
    byte[] given;
    try {
      given = Base64.getUrlDecoder().decode(signature);
    } catch (IllegalArgumentException e) {
      return false;
    }
    return MessageDigest.isEqual(mac(key, expires), given);
  }

  private byte[] mac(String key, long expires) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(secret);
      return mac.doFinal((key + "\n" + expires).getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }
}
