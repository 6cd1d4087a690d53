package dev.dungji.register;

import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * A registry certificate parsed: what it is, who owns it, every entry with its status, and what of
 * the parse is uncertain.
 *
 * @param kind 집합건물, 건물 or 토지
 * @param uniqueNumber 고유번호 ("1146-2001-012345"), or null
 * @param title 표제부
 * @param gap 갑구 entries in order
 * @param eul 을구 entries in order
 * @param owners today's owners (the holders of the ownership entries in force)
 * @param summary the "주요 등기사항 요약" cross-check
 * @param warnings what cannot be trusted
 * @param confidence the lowest field confidence of the entries in force and the title (0..1)
 */
public record ParsedRegister(
    RegisterKind kind,
    String uniqueNumber,
    TitlePart title,
    List<Entry> gap,
    List<Entry> eul,
    List<String> owners,
    SummaryCheck summary,
    List<Warning> warnings,
    double confidence) {

  public Stream<Entry> entries() {
    return Stream.concat(gap.stream(), eul.stream());
  }

  /** The rights that burden the property today (not ownership, not bookkeeping). */
  public List<Entry> burdensInForce() {
    return entries().filter(e -> e.inForce() && e.kind().burden()).toList();
  }

  /** The sum of 채권최고액 of the mortgages in force. */
  public long maxClaimInForce() {
    return entries()
        .filter(Entry::inForce)
        .map(Entry::maxClaim)
        .filter(Objects::nonNull)
        .mapToLong(Long::longValue)
        .sum();
  }

  /** The sum of 전세금 and 임차보증금 of the rights in force. */
  public long depositsInForce() {
    return entries()
        .filter(Entry::inForce)
        .map(Entry::deposit)
        .filter(Objects::nonNull)
        .mapToLong(Long::longValue)
        .sum();
  }

  public boolean uncertain() {
    return !warnings.isEmpty();
  }
}
