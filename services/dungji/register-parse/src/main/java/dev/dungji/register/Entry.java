package dev.dungji.register;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/**
 * One entry of 갑구 or 을구.
 *
 * @param section 갑구 or 을구
 * @param rank 순위번호 ("3", or "1-1" for a 부기 entry)
 * @param purpose 등기목적 as written, spaces removed ("근저당권설정")
 * @param kind what the purpose means
 * @param receiptDate 접수 date, or null when unreadable
 * @param receiptNumber 접수 number ("제12345호" → "12345"), or null
 * @param cause 등기원인 ("2019년3월14일 설정계약"), or null (소유권보존 has none)
 * @param holders 소유자, 근저당권자, 채권자, 전세권자, 임차권자, 수탁자, 가등기권자 … as written
 * @param debtor 채무자, or null
 * @param maxClaim 채권최고액 in won, after any 변경 부기; null when the entry has none
 * @param deposit 전세금 or 임차보증금 in won, or null
 * @param claim 청구금액 in won (가압류, 경매), or null
 * @param cancels ranks this entry cancels (for a {@link RightKind#CANCELLATION})
 * @param status in force, cancelled, superseded …
 * @param cancelledBy the rank of the entry that cancelled this one, "struck" when only the red line
 *     says so, or null
 * @param struck a red strike-through line was found over it in the PDF; null when unknowable
 * @param page the page its first line is on
 * @param confidence 0..1 per field read (keys as the JSON field names)
 * @param text the entry's text as read, for a human to check
 */
public record Entry(
    Section section,
    String rank,
    String purpose,
    RightKind kind,
    LocalDate receiptDate,
    String receiptNumber,
    String cause,
    List<String> holders,
    String debtor,
    Long maxClaim,
    Long deposit,
    Long claim,
    List<String> cancels,
    EntryStatus status,
    String cancelledBy,
    Boolean struck,
    int page,
    Map<String, Double> confidence,
    String text) {

  public boolean inForce() {
    return status == EntryStatus.IN_FORCE;
  }

  /** The main rank of a 부기 entry: "1-1" → "1". */
  public String mainRank() {
    int dash = rank.indexOf('-');
    return dash < 0 ? rank : rank.substring(0, dash);
  }
}
