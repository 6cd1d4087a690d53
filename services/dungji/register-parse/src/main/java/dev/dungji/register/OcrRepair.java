package dev.dungji.register;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What OCR does to digits, undone where only digits can stand: in amounts ("금1,2OO,000,000원") and
 * dates. Letters that look like digits become digits; anything else leaves the value unreadable.
 */
final class OcrRepair {
  private OcrRepair() {}

  /** Digit look-alikes Tesseract produces on Korean certificates. */
  static char digit(char c) {
    return switch (c) {
      case 'O', 'o', 'D', 'Q', '〇', 'ㅇ', '○' -> '0';
      case 'l', 'I', '|', 'ㅣ', 'i', '!', ']', '[' -> '1';
      case 'Z', 'z' -> '2';
      case 'S', 's' -> '5';
      case 'B' -> '8';
      case 'G', 'b' -> '6';
      case 'g', 'q' -> '9';
      default -> c;
    };
  }

  /** A number read as a won amount. */
  record Money(long won, boolean repaired, boolean wellFormed) {}

  private static final Pattern GROUPED = Pattern.compile("\\d{1,3}(,\\d{3})+");
  private static final Pattern PLAIN = Pattern.compile("\\d{1,16}");

  /**
   * Reads "1,2OO,000,000" (spaces dropped, look-alikes repaired). Well formed: digits grouped by
   * three with commas (as the register writes them), or plain digits; a misplaced comma or a stray
   * character makes it not well formed (the value is then a best reading of its digits).
   */
  static Money money(String raw) {
    StringBuilder s = new StringBuilder();
    boolean repaired = false;
    for (char c : raw.toCharArray()) {
      if (Character.isWhitespace(c)) {
        continue;
      }
      char d = c == '.' ? ',' : digit(c);
      if (d != c && c != '.') {
        repaired = true;
      }
      s.append(d);
    }
    String text = s.toString();
    boolean wellFormed = GROUPED.matcher(text).matches() || PLAIN.matcher(text).matches();
    String digits = text.replaceAll("\\D", "");
    if (digits.isEmpty() || digits.length() > 16) {
      return null;
    }
    return new Money(Long.parseLong(digits), repaired, wellFormed);
  }

  static String digits(String raw) {
    StringBuilder s = new StringBuilder();
    for (char c : raw.toCharArray()) {
      if (!Character.isWhitespace(c)) {
        s.append(digit(c));
      }
    }
    return s.toString();
  }

  static boolean hasDigitLikes(Matcher m, int group) {
    String g = m.group(group);
    return g != null && !g.replaceAll("\\s", "").chars().allMatch(Character::isDigit);
  }
}
