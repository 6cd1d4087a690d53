package dev.dungji;

import dev.dungji.report.ReportThresholds;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Map;
import org.hibernate.validator.constraints.time.DurationMax;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The {@code dungji.*} properties of the service itself; its adapters' settings are the app's
 * ({@code dungji.issuer.*}, {@code dungji.ocr.*}). Validated when the application starts: a bad
 * value stops start-up with the property's name.
 *
 * @param staleAfter a PENDING issuance older than this is replaced (seed 000: 5 minutes)
 * @param issueMaxAttempts attempts of one issuance, the first included (transient faults only)
 * @param retryInitialDelay the first retry's delay; doubles up to retry-max-delay
 * @param retryMaxDelay the longest delay between attempts
 * @param ocrMaxAttempts attempts of one OCR task (transient storage faults only)
 * @param fileUrlTtl how long a file_url works (at most 60 minutes)
 * @param sweepInterval how often orphan objects are looked for: the schedule of the recurring kind
 *     {@code dungji.orphan-sweep} (at least 1 s; 0 disables the sweep)
 * @param sweepMinAge objects younger than this are never swept (an upload may be committing)
 * @param quota what paid issuance may cost: per user, per nest, for everyone, per day
 * @param report the thresholds of the jeonse risk report
 * @param watch watching nests' registers: how often due watches are looked for
 */
@ConfigurationProperties("dungji")
@Validated
public record DungjiProperties(
    @DefaultValue("5m") @NotNull @DurationMin(millis = 1) Duration staleAfter,
    @DefaultValue("4") @Min(1) @Max(1000) int issueMaxAttempts,
    @DefaultValue("2s") @NotNull @DurationMin(millis = 0) Duration retryInitialDelay,
    @DefaultValue("1m") @NotNull @DurationMin(millis = 0) Duration retryMaxDelay,
    @DefaultValue("3") @Min(1) @Max(1000) int ocrMaxAttempts,
    @DefaultValue("5m") @NotNull @DurationMin(millis = 1) @DurationMax(minutes = 60)
        Duration fileUrlTtl,
    @DefaultValue("10m") @NotNull @DurationMin(millis = 0) Duration sweepInterval,
    @DefaultValue("1h") @NotNull @DurationMin(millis = 0) Duration sweepMinAge,
    @DefaultValue @NotNull @Valid Quota quota,
    @DefaultValue @NotNull @Valid Report report,
    @DefaultValue @NotNull @Valid Watch watch) {

  /**
   * {@code dungji.watch.*}: watched nests are re-issued on their tenants' schedules (days apart);
   * the recurring kind {@code dungji.watch-scan} looks for due ones.
   *
   * @param scanInterval the schedule of that kind (0: no schedule, it can still be submitted by
   *     hand); a watch is re-issued at most this long after its slot
   * @param notifyMaxAttempts attempts to deliver one change's notification (SMTP down …)
   */
  public record Watch(
      @DefaultValue("10m") @NotNull @DurationMin(millis = 0) Duration scanInterval,
      @DefaultValue("12") @Min(1) @Max(1000) int notifyMaxAttempts) {}

  /**
   * {@code dungji.quota.*}: every issuance costs a fee. Days are calendar days in {@code zone}.
   *
   * @param perUserPerDay new issuances one user may request per day
   * @param perNestPerDay new issuances of one nest per day (a fresh one included)
   * @param dailyBudget new issuances of all users together per day: past it issuance stops (503)
   *     rather than drain the prepaid account
   * @param reuseWindow a certificate of the nest issued this recently is answered instead of paying
   *     again, unless the tenant asks for a fresh one (0: never reuse)
   * @param zone where a day begins and ends
   * @param keepDays how many past days of counting rows the recurring kind {@code
   *     dungji.quota-prune} keeps (today's row is always kept; older rows count nothing)
   * @param pruneInterval the schedule of that kind (at least 1 s; 0: no schedule, it can still be
   *     submitted by hand)
   */
  public record Quota(
      @DefaultValue("20") @Min(1) @Max(1_000_000) int perUserPerDay,
      @DefaultValue("3") @Min(1) @Max(1_000_000) int perNestPerDay,
      @DefaultValue("2000") @Min(1) @Max(100_000_000) int dailyBudget,
      @DefaultValue("24h") @NotNull @DurationMin(millis = 0) Duration reuseWindow,
      @DefaultValue("Asia/Seoul") @NotNull ZoneId zone,
      @DefaultValue("7") @Min(1) @Max(3660) int keepDays,
      @DefaultValue("6h") @NotNull @DurationMin(millis = 0) Duration pruneInterval) {}

  /**
   * {@code dungji.report.*}: the thresholds of the risk report (README, "The report", says where
   * each comes from).
   *
   * @param dangerRatio (senior claims + deposit) ÷ price at or above this: HIGH (HUG's 90 %)
   * @param cautionRatio the same at or above this: MEDIUM (the 80 % line of tenant guides)
   * @param seniorLimitRatio senior claims ÷ price above this: MEDIUM (HUG's 60 %)
   * @param auctionRatio expected auction price ÷ market price (매각가율) where no region has one
   * @param auctionRatioByRegion the same per 법정동 code prefix (2 or 5 digits), e.g. {@code
   *     dungji.report.auction-ratio-by-region.11=0.9}
   * @param recentTransferDays ownership received this many days before the contract or fewer
   * @param manyTransfersCount this many ownership transfers or more …
   * @param manyTransfersYears … within this many years: OWNERSHIP_MANY_TRANSFERS
   */
  public record Report(
      @DefaultValue("0.9") @NotNull @DecimalMin("0.1") @DecimalMax("2") BigDecimal dangerRatio,
      @DefaultValue("0.8") @NotNull @DecimalMin("0.1") @DecimalMax("2") BigDecimal cautionRatio,
      @DefaultValue("0.6") @NotNull @DecimalMin("0.1") @DecimalMax("2") BigDecimal seniorLimitRatio,
      @DefaultValue("0.8") @NotNull @DecimalMin("0.1") @DecimalMax("1.5") BigDecimal auctionRatio,
      @DefaultValue
          Map<String, @DecimalMin("0.1") @DecimalMax("1.5") BigDecimal> auctionRatioByRegion,
      @DefaultValue("90") @Min(0) @Max(3660) int recentTransferDays,
      @DefaultValue("3") @Min(2) @Max(100) int manyTransfersCount,
      @DefaultValue("2") @Min(1) @Max(50) int manyTransfersYears) {

    public Report {
      auctionRatioByRegion =
          auctionRatioByRegion == null ? Map.of() : Map.copyOf(auctionRatioByRegion);
      for (String prefix : auctionRatioByRegion.keySet()) {
        if (!prefix.matches("\\d{2}|\\d{5}")) {
          throw new IllegalArgumentException(
              "dungji.report.auction-ratio-by-region: "
                  + prefix
                  + " is not a 법정동 code prefix of 2 or 5 digits");
        }
      }
      if (cautionRatio.compareTo(dangerRatio) > 0) {
        throw new IllegalArgumentException(
            "dungji.report.caution-ratio must not be above dungji.report.danger-ratio");
      }
    }

    public ReportThresholds thresholds() {
      return new ReportThresholds(
          dangerRatio,
          cautionRatio,
          seniorLimitRatio,
          auctionRatio,
          auctionRatioByRegion,
          recentTransferDays,
          manyTransfersCount,
          manyTransfersYears);
    }
  }
}
