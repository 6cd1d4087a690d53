package dev.dungji.register;

import java.util.List;

/**
 * The "주요 등기사항 요약" pages (printed at the end of the certificate when asked for) compared with what
 * the parse found in force.
 *
 * @param present the certificate has the summary
 * @param owners the owners the summary lists (1. 소유지분현황)
 * @param gapRanks the 갑구 ranks it lists in force (2. 소유지분을 제외한 소유권에 관한 사항)
 * @param eulRanks the 을구 ranks it lists in force (3. (근)저당권 및 전세권 등)
 * @param agrees the summary lists exactly the burdens and owners the parse found in force
 */
public record SummaryCheck(
    boolean present,
    List<String> owners,
    List<String> gapRanks,
    List<String> eulRanks,
    boolean agrees) {
  static SummaryCheck absent() {
    return new SummaryCheck(false, List.of(), List.of(), List.of(), true);
  }
}
