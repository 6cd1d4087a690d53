package dev.taskrow.core;

/**
 * Writes a Java string as a JSON string (RFC 8259, section 7): the quote, the backslash and the
 * control characters below U+0020 escaped, everything else as it is. The core has no JSON library,
 * and this is the one thing it writes as JSON itself.
 */
final class JsonText {
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private JsonText() {}

  static StringBuilder appendString(StringBuilder json, String text) {
    json.append('"');
    for (int i = 0; i < text.length(); i++) {
      char ch = text.charAt(i);
      switch (ch) {
        case '"' -> json.append("\\\"");
        case '\\' -> json.append("\\\\");
        case '\n' -> json.append("\\n");
        case '\r' -> json.append("\\r");
        case '\t' -> json.append("\\t");
        default -> {
          if (ch < 0x20) {
            json.append("\\u00").append(HEX[ch >> 4]).append(HEX[ch & 0xf]);
          } else {
            json.append(ch);
          }
        }
      }
    }
    return json.append('"');
  }
}
