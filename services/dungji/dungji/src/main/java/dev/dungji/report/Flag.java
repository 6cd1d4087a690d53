package dev.dungji.report;

import dev.dungji.register.Section;

/**
 * One finding of the report.
 *
 * @param code stable for clients ({@link FlagCode})
 * @param severity how much it matters
 * @param section the entry's section, or null when the flag is about the whole register or figures
 * @param rank the entry's 순위번호, or null
 * @param messageKo the explanation in plain Korean
 * @param messageEn the same in English
 */
public record Flag(
    FlagCode code,
    Severity severity,
    Section section,
    String rank,
    String messageKo,
    String messageEn) {

  static Flag of(FlagCode code, Section section, String rank, String detailKo, String detailEn) {
    return new Flag(
        code,
        code.severity(),
        section,
        rank,
        detailKo == null ? code.ko() : code.ko() + " " + detailKo,
        detailEn == null ? code.en() : code.en() + " " + detailEn);
  }
}
