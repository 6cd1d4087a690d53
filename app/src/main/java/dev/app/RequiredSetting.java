package dev.app;

/**
 * A setting that only the chosen adapter needs (the S3 bucket with {@code storage.type=s3}, the API
 * key with {@code dongchimi.ai.type=openai}): a plain Jakarta constraint cannot say "required when
 * another property has this value", so the properties record checks it when it is bound and
 * start-up stops naming the property.
 */
public final class RequiredSetting {
  private RequiredSetting() {}

  /**
   * @param property the property's full name, as an operator sets it
   * @param value its bound value; null or blank text is missing
   * @param choice the setting that makes it required, e.g. {@code storage.type=s3}
   * @param hint what to set, e.g. an example value
   */
  public static void check(String property, Object value, String choice, String hint) {
    if (value == null || value instanceof String text && text.isBlank()) {
      throw new IllegalArgumentException(
          property + " is required with " + choice + " (" + hint + ")");
    }
  }
}
