package dev.dungji.register;

/**
 * Something of the parse that cannot be trusted; the field keeps what was read, with a low
 * confidence, rather than a guess.
 *
 * @param code always {@link #PARSE_UNCERTAIN} for now; stable for clients
 * @param section the entry's section, or null for the 표제부 or the whole document
 * @param rank the entry's 순위번호, or null
 * @param field the field concerned ({@code max_claim}, {@code receipt_date}, {@code status}, …)
 * @param message Korean first, then English
 */
public record Warning(String code, Section section, String rank, String field, String message) {
  public static final String PARSE_UNCERTAIN = "PARSE_UNCERTAIN";

  static Warning uncertain(Section section, String rank, String field, String message) {
    return new Warning(PARSE_UNCERTAIN, section, rank, field, message);
  }
}
