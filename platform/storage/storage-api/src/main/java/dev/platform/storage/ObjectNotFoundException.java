package dev.platform.storage;

/** No object is stored under the key. */
public class ObjectNotFoundException extends StorageException {

  private final String key;

  public ObjectNotFoundException(String key) {
    super("no object under key " + key);
    this.key = key;
  }

  public String key() {
    return key;
  }
}
