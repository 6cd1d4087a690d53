package dev.platform.storage.local;

/** A signed link was forged, altered or has expired. */
public class SignatureRejectedException extends RuntimeException {
  public SignatureRejectedException(String message) {
    super(message);
  }
}
