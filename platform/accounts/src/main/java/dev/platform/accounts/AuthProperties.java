package dev.platform.accounts;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code app.auth.*}.
 *
 * @param jwtSecret the HS256 signing secret, at least 32 bytes (UTF-8); unset, one is generated per
 *     data directory (an embedded default, with a start-up WARN)
 * @param tokenTtl how long an access token is valid
 * @param issuer the {@code iss} claim written and required
 * @param throttle failed-login throttling
 */
@ConfigurationProperties("app.auth")
public record AuthProperties(
    String jwtSecret,
    @DefaultValue("1h") Duration tokenTtl,
    @DefaultValue("taskrow") String issuer,
    @DefaultValue Throttle throttle) {

  /**
   * @param window failures older than this are forgotten
   * @param maxFailuresPerAccount failures per email from one client address within the window
   *     before that address's logins to the account are refused (another address still gets in, so
   *     a stranger cannot lock the owner out with five wrong passwords)
   * @param maxFailuresPerAccountAllAddresses failures per email from every address together before
   *     all logins to the account are refused: the backstop against guesses spread over many
   *     addresses
   * @param maxFailuresPerAddress failures per client address within the window (higher: many users
   *     can share one address behind a NAT)
   */
  public record Throttle(
      @DefaultValue("15m") Duration window,
      @DefaultValue("5") int maxFailuresPerAccount,
      @DefaultValue("50") int maxFailuresPerAccountAllAddresses,
      @DefaultValue("20") int maxFailuresPerAddress) {}
}
