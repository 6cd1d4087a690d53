package dev.dongchimi.importer;

/**
 * The file cannot be imported as a whole (not an xlsx, password-protected, a bomb, too many rows,
 * no header): the task ends FAILED with this code, never retried.
 */
public class InvalidFileException extends RuntimeException {
  private final String code;

  public InvalidFileException(String code, String message) {
    super(message);
    this.code = code;
  }

  public String code() {
    return code;
  }
}
