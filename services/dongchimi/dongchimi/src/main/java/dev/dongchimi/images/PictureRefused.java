package dev.dongchimi.images;

/**
 * A picture that is not kept, with a stable reason: {@code NOT_AN_IMAGE}, {@code SVG_REFUSED},
 * {@code TOO_LARGE} (bytes), {@code TOO_MANY_PIXELS}, {@code TOO_SMALL}, {@code UNREADABLE}, {@code
 * HTTP_STATUS}, {@code TIMEOUT}, {@code UNREACHABLE}, {@code ADDRESS_REFUSED}.
 */
public class PictureRefused extends Exception {
  private final String reason;

  public PictureRefused(String reason, String message) {
    super(message);
    this.reason = reason;
  }

  public PictureRefused(String reason, String message, Throwable cause) {
    super(message, cause);
    this.reason = reason;
  }

  public String reason() {
    return reason;
  }
}
