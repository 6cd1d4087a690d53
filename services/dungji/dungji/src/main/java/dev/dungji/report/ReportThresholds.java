package dev.dungji.report;

import java.math.BigDecimal;
import java.util.Map;

/**
 * The rules' numbers ({@code dungji.report.*}; the README says where each comes from).
 *
 * @param dangerRatio (senior claims + deposit) ÷ price at or above this: HIGH (HUG insures a
 *     deposit only while this stays within 90 % of the home's price)
 * @param cautionRatio the same at or above this: MEDIUM (the 80 % "깡통전세" line of tenant guides)
 * @param seniorLimitRatio senior claims ÷ price above this: MEDIUM (HUG's 60 % senior-claim limit)
 * @param auctionRatio the expected sale price at auction ÷ market price (매각가율), everywhere without
 *     a regional figure
 * @param auctionRatioByRegion the same per 법정동 code prefix (2 digits 시도 or 5 digits 시군구); the
 *     longest matching prefix wins
 * @param recentTransferDays an ownership entry received this many days before the contract date or
 *     fewer: OWNERSHIP_RECENT
 * @param manyTransfersCount this many ownership transfers or more …
 * @param manyTransfersYears … within this many years before the contract date:
 *     OWNERSHIP_MANY_TRANSFERS
 */
public record ReportThresholds(
    BigDecimal dangerRatio,
    BigDecimal cautionRatio,
    BigDecimal seniorLimitRatio,
    BigDecimal auctionRatio,
    Map<String, BigDecimal> auctionRatioByRegion,
    int recentTransferDays,
    int manyTransfersCount,
    int manyTransfersYears) {

  public static ReportThresholds defaults() {
    return new ReportThresholds(
        new BigDecimal("0.9"),
        new BigDecimal("0.8"),
        new BigDecimal("0.6"),
        new BigDecimal("0.8"),
        Map.of(),
        90,
        3,
        2);
  }

  /** The auction ratio of a region (법정동 code or null). */
  public BigDecimal auctionRatioFor(String lawdCode) {
    BigDecimal best = auctionRatio;
    int bestLength = 0;
    if (lawdCode != null) {
      for (Map.Entry<String, BigDecimal> e : auctionRatioByRegion.entrySet()) {
        if (lawdCode.startsWith(e.getKey()) && e.getKey().length() > bestLength) {
          best = e.getValue();
          bestLength = e.getKey().length();
        }
      }
    }
    return best;
  }
}
