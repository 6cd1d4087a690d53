package dev.dungji.register;

import java.util.Locale;

/**
 * One difference between two parses of a property's register, as a tenant needs to hear of it.
 *
 * @param type what happened
 * @param section 갑구 or 을구 of the entry; null for an ownership change
 * @param rank 순위번호 of the entry; null for an ownership change
 * @param kind the entry's kind; null for an ownership change
 * @param purpose the entry's 등기목적 as written; for an ownership change the owners before
 * @param before 채권최고액 before (MAX_CLAIM_CHANGED), or null
 * @param after 채권최고액 after (MAX_CLAIM_CHANGED, RIGHT_ADDED with one), or null
 * @param detail the owners after (OWNER_CHANGED), or null
 */
public record RegisterChange(
    Type type,
    Section section,
    String rank,
    RightKind kind,
    String purpose,
    Long before,
    Long after,
    String detail) {

  /** What changed. */
  public enum Type {
    /** A right that burdens the property is now in force (근저당, 압류, 가압류, 경매, 신탁 …). */
    RIGHT_ADDED,
    /** A right in force before is cancelled or gone. */
    RIGHT_CANCELLED,
    /** Someone else owns the property. */
    OWNER_CHANGED,
    /** A mortgage in force has another 채권최고액 (a 변경 부기). */
    MAX_CLAIM_CHANGED
  }

  /** The Korean sentence, then the English one: what the tenant reads. */
  public String describe() {
    String where = section == null ? "" : (section == Section.GAP ? "갑구 " : "을구 ") + rank + "번";
    String whereEn = section == null ? "" : (section == Section.GAP ? "gap-gu " : "eul-gu ") + rank;
    return switch (type) {
      case RIGHT_ADDED ->
          "새 권리 등기: "
              + kind.korean()
              + " ("
              + where
              + (after == null ? "" : ", " + won(after))
              + ") / New right registered: "
              + kind.name().toLowerCase(Locale.ROOT)
              + " ("
              + whereEn
              + ")";
      case RIGHT_CANCELLED ->
          "권리 말소: "
              + kind.korean()
              + " ("
              + where
              + ") / Right cancelled: "
              + kind.name().toLowerCase(Locale.ROOT)
              + " ("
              + whereEn
              + ")";
      case OWNER_CHANGED ->
          "소유자 변경: " + purpose + " → " + detail + " / Owner changed: " + purpose + " → " + detail;
      case MAX_CLAIM_CHANGED ->
          "채권최고액 변경 ("
              + where
              + "): "
              + won(before)
              + " → "
              + won(after)
              + " / Maximum claim changed ("
              + whereEn
              + ")";
    };
  }

  private static String won(Long amount) {
    return amount == null ? "?" : String.format(Locale.ROOT, "금%,d원", amount);
  }
}
