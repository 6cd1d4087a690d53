package dev.dongchimi;

/** Length limits for user text: every string the API stores passes here. */
final class Text {
  private Text() {}

  static String required(String field, String value, int max) {
    String text = optional(field, value, max);
    if (text == null) {
      throw Problem.invalid("INVALID_" + field.toUpperCase(), field + " is required");
    }
    return text;
  }

  static String optional(String field, String value, int max) {
    if (value == null || value.isBlank()) {
      return null;
    }
    String text = value.strip();
    if (text.length() > max) {
      throw Problem.invalid(
          "INVALID_" + field.toUpperCase(), field + " must be at most " + max + " characters");
    }
    return text;
  }
}
