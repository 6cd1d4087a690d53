package dev.dongchimi.importer;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.ConstructorBinding;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The Excel import's limits and the AI fan-out ({@code dongchimi.import.*}), checked at start-up.
 *
 * @param maxFileSize the upload's size limit
 * @param maxUncompressedSize all entries of the xlsx (a zip) inflated together
 * @param maxCompressionRatio an entry inflating more than this many times its stored size (and past
 *     1 MB) is a zip bomb
 * @param maxRows data rows of the sheet
 * @param aiConcurrency AI calls in flight at once, across every import of this process
 * @param window products being analysed at once per import (0: twice the AI concurrency, which
 *     keeps every permit busy: each product makes two calls)
 * @param maxAttempts attempts of the import task
 * @param aiMaxTries tries of one AI call (429, timeout, 5xx, malformed answer)
 * @param aiBackoff the first wait between tries (doubled each try) when no Retry-After is given
 * @param aiRetryBudget the longest one call may keep trying before the attempt fails AI_UNAVAILABLE
 * @param defaultSaleDays the sale period a row with a sale price and no dates takes when neither
 *     the upload nor the sheet's title rows give one: today and the days after it, this many days
 *     in all (7: today + 6)
 * @param aiSharedBudget the AI cap (and {@code aiRequestsPerMinute}) across every instance on the
 *     same database (Bucket4j on PostgreSQL) instead of per process
 * @param aiRequestsPerMinute the API's requests per minute across instances (0: none; needs the
 *     shared budget)
 * @param aiBudgetLeak how long a token of a call that never gave it back (an instance that died
 *     mid-call) stays taken: longer than any call (the adapter's request timeout)
 */
@ConfigurationProperties("dongchimi.import")
public record ImportProperties(
    @DefaultValue("10MB") DataSize maxFileSize,
    @DefaultValue("200MB") DataSize maxUncompressedSize,
    @DefaultValue("200") int maxCompressionRatio,
    @DefaultValue("20000") int maxRows,
    @DefaultValue("8") int aiConcurrency,
    @DefaultValue("0") int window,
    @DefaultValue("3") int maxAttempts,
    @DefaultValue("4") int aiMaxTries,
    @DefaultValue("500ms") Duration aiBackoff,
    @DefaultValue("60s") Duration aiRetryBudget,
    @DefaultValue("7") int defaultSaleDays,
    @DefaultValue("false") boolean aiSharedBudget,
    @DefaultValue("0") int aiRequestsPerMinute,
    @DefaultValue("2m") Duration aiBudgetLeak) {

  @ConstructorBinding
  public ImportProperties {
    require(maxFileSize.toBytes() > 0, "max-file-size must be positive");
    require(maxUncompressedSize.toBytes() > 0, "max-uncompressed-size must be positive");
    require(maxCompressionRatio >= 10, "max-compression-ratio must be at least 10");
    require(maxRows >= 1 && maxRows <= 1_000_000, "max-rows must be within 1..1000000");
    require(aiConcurrency >= 1 && aiConcurrency <= 1000, "ai-concurrency must be within 1..1000");
    require(window >= 0 && window <= 10_000, "window must be within 0..10000");
    require(maxAttempts >= 1 && maxAttempts <= 20, "max-attempts must be within 1..20");
    require(aiMaxTries >= 1 && aiMaxTries <= 20, "ai-max-tries must be within 1..20");
    require(!aiBackoff.isNegative(), "ai-backoff must not be negative");
    require(aiRetryBudget.isPositive(), "ai-retry-budget must be positive");
    require(
        defaultSaleDays >= 1 && defaultSaleDays <= 92, "default-sale-days must be within 1..92");
    require(
        aiRequestsPerMinute >= 0 && aiRequestsPerMinute <= 1_000_000,
        "ai-requests-per-minute must be within 0..1000000");
    require(
        aiRequestsPerMinute == 0 || aiSharedBudget,
        "ai-requests-per-minute needs ai-shared-budget=true");
    require(aiBudgetLeak.isPositive(), "ai-budget-leak must be positive");
  }

  /** The settings before the sale-period default: the rest at their defaults. */
  public ImportProperties(
      DataSize maxFileSize,
      DataSize maxUncompressedSize,
      int maxCompressionRatio,
      int maxRows,
      int aiConcurrency,
      int window,
      int maxAttempts,
      int aiMaxTries,
      Duration aiBackoff,
      Duration aiRetryBudget) {
    this(
        maxFileSize,
        maxUncompressedSize,
        maxCompressionRatio,
        maxRows,
        aiConcurrency,
        window,
        maxAttempts,
        aiMaxTries,
        aiBackoff,
        aiRetryBudget,
        7,
        false,
        0,
        Duration.ofMinutes(2));
  }

  /** Products in flight per import. */
  public int effectiveWindow() {
    return window > 0 ? window : 2 * aiConcurrency;
  }

  private static void require(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException("dongchimi.import." + message);
    }
  }
}
