package dev.dungji.notify;

/**
 * The notice can never be delivered as it is (no address, or the server refuses the recipient for
 * good, SMTP 5xx): trying again would not help, so the notifying task fails without retrying. The
 * change event it is about stays recorded.
 */
public class NoticeUndeliverableException extends Exception {
  public NoticeUndeliverableException(String message, Throwable cause) {
    super(message, cause);
  }
}
