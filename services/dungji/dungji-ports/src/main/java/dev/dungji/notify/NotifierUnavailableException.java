package dev.dungji.notify;

/** The notice could not be delivered now (server down, refused, timed out): try again later. */
public class NotifierUnavailableException extends Exception {
  public NotifierUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
