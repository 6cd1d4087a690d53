package dev.dungji.register;

/**
 * Hangul compared as OCR misreads it. Tesseract's errors on Korean are mostly one jamo of a
 * syllable ("갑" read as "감", "설" as "셜"): comparing syllables decomposed into their jamo, an error
 * costs one, where comparing characters would make a whole word differ.
 */
final class Hangul {
  private static final int BASE = 0xAC00;
  private static final int LAST = 0xD7A3;

  private Hangul() {}

  /**
   * {@code s} with each precomposed syllable split into initial, medial and (if any) final jamo.
   */
  static String jamo(String s) {
    StringBuilder out = new StringBuilder(s.length() * 3);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c >= BASE && c <= LAST) {
        int index = c - BASE;
        out.append((char) (0x1100 + index / (21 * 28)));
        out.append((char) (0x1161 + (index % (21 * 28)) / 28));
        if (index % 28 != 0) {
          out.append((char) (0x11A7 + index % 28));
        }
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  /** The edit distance between {@code a} and {@code b} counted in jamo. */
  static int distance(String a, String b) {
    String x = jamo(a);
    String y = jamo(b);
    int[] previous = new int[y.length() + 1];
    int[] row = new int[y.length() + 1];
    for (int j = 0; j <= y.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= x.length(); i++) {
      row[0] = i;
      for (int j = 1; j <= y.length(); j++) {
        int substitution = previous[j - 1] + (x.charAt(i - 1) == y.charAt(j - 1) ? 0 : 1);
        row[j] = Math.min(substitution, Math.min(previous[j] + 1, row[j - 1] + 1));
      }
      int[] swap = previous;
      previous = row;
      row = swap;
    }
    return previous[y.length()];
  }

  /**
   * Whether {@code read} is {@code word} as OCR may have misread it: at most one jamo wrong for
   * every four syllables of the word (a two-syllable word: one jamo), and no more than one syllable
   * more or less.
   */
  static boolean near(String read, String word) {
    if (read.equals(word)) {
      return true;
    }
    if (read.isEmpty() || word.isEmpty() || Math.abs(read.length() - word.length()) > 1) {
      return false;
    }
    int allowed = Math.max(1, word.length() / 4);
    return distance(read, word) <= allowed;
  }
}
