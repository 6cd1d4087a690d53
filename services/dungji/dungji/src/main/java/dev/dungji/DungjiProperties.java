package dev.dungji;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code dungji.*} properties.
 *
 * @param staleAfter a PENDING issuance older than this is replaced (seed 000: 5 minutes)
 * @param issueMaxAttempts attempts of one issuance, the first included (transient faults only)
 * @param retryInitialDelay the first retry's delay; doubles up to retryMaxDelay
 * @param retryMaxDelay the longest delay between attempts
 * @param ocrMaxAttempts attempts of one OCR task (transient storage faults only)
 * @param fileUrlTtl how long a file_url works
 * @param sweepInterval how often orphan objects are looked for (0 disables the sweep)
 * @param sweepMinAge objects younger than this are never swept (an upload may be committing)
 */
@ConfigurationProperties("dungji")
public record DungjiProperties(
    Duration staleAfter,
    Integer issueMaxAttempts,
    Duration retryInitialDelay,
    Duration retryMaxDelay,
    Integer ocrMaxAttempts,
    Duration fileUrlTtl,
    Duration sweepInterval,
    Duration sweepMinAge) {

  public DungjiProperties {
    staleAfter = staleAfter != null ? staleAfter : Duration.ofMinutes(5);
    issueMaxAttempts = issueMaxAttempts != null ? issueMaxAttempts : 4;
    retryInitialDelay = retryInitialDelay != null ? retryInitialDelay : Duration.ofSeconds(2);
    retryMaxDelay = retryMaxDelay != null ? retryMaxDelay : Duration.ofMinutes(1);
    ocrMaxAttempts = ocrMaxAttempts != null ? ocrMaxAttempts : 3;
    fileUrlTtl = fileUrlTtl != null ? fileUrlTtl : Duration.ofMinutes(5);
    sweepInterval = sweepInterval != null ? sweepInterval : Duration.ofMinutes(10);
    sweepMinAge = sweepMinAge != null ? sweepMinAge : Duration.ofHours(1);
    if (fileUrlTtl.isNegative() || fileUrlTtl.isZero() || fileUrlTtl.toMinutes() > 60) {
      throw new IllegalArgumentException("dungji.file-url-ttl must be in (0, 60m]: " + fileUrlTtl);
    }
    if (issueMaxAttempts < 1 || ocrMaxAttempts < 1) {
      throw new IllegalArgumentException("dungji max attempts must be >= 1");
    }
  }
}
