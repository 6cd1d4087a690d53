package dev.dungji.price;

/**
 * A price source that cannot answer: the report is still made, without the price's figures, and
 * says why with {@link #code()}.
 */
public class PriceSourceException extends Exception {
  /** The key was refused (unregistered, expired): a configuration fault, not transient. */
  public static final String KEY_REJECTED = "PRICE_KEY_REJECTED";

  /** The daily request quota is used up. */
  public static final String QUOTA_EXCEEDED = "PRICE_QUOTA_EXCEEDED";

  /** No answer in time, or no connection. */
  public static final String UNAVAILABLE = "PRICE_UNAVAILABLE";

  /** An answer that is not the XML the API documents. */
  public static final String MALFORMED = "PRICE_MALFORMED";

  private final String code;

  public PriceSourceException(String code, String message) {
    super(message);
    this.code = code;
  }

  public PriceSourceException(String code, String message, Throwable cause) {
    super(message, cause);
    this.code = code;
  }

  public String code() {
    return code;
  }
}
