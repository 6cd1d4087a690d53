package dev.platform.storage;

/**
 * The store failed. {@link #transientFault()} tells callers whether trying again may help (a
 * network error, a 5xx) or not (a bad key, a missing object).
 */
public class StorageException extends RuntimeException {

  private final boolean transientFault;

  public StorageException(String message) {
    this(message, null, false);
  }

  public StorageException(String message, Throwable cause, boolean transientFault) {
    super(message, cause);
    this.transientFault = transientFault;
  }

  public boolean transientFault() {
    return transientFault;
  }
}
