package dev.dungji.register;

/** The text is not a registry certificate at all (no 갑구, no heading): PARSE_FAILED. */
public class NotARegisterException extends Exception {
  public NotARegisterException(String message) {
    super(message);
  }
}
