package dev.dungji.report;

import java.text.NumberFormat;
import java.util.Locale;

/** Amounts as Korean readers write them. */
public final class Won {
  private Won() {}

  /** 320,000,000 → "3억 2,000만원"; 5,500 → "5,500원". */
  public static String korean(long won) {
    if (won < 10_000) {
      return NumberFormat.getIntegerInstance(Locale.KOREA).format(won) + "원";
    }
    long eok = won / 100_000_000;
    long man = (won % 100_000_000) / 10_000;
    long rest = won % 10_000;
    StringBuilder out = new StringBuilder();
    if (eok > 0) {
      out.append(NumberFormat.getIntegerInstance(Locale.KOREA).format(eok)).append("억");
    }
    if (man > 0) {
      if (!out.isEmpty()) {
        out.append(' ');
      }
      out.append(NumberFormat.getIntegerInstance(Locale.KOREA).format(man)).append("만");
    }
    if (rest > 0) {
      out.append(' ').append(rest);
    }
    return out.append("원").toString();
  }
}
