package dev.platform.accounts;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The {@code accounts.*} properties, checked when the application starts: a bad value stops
 * start-up with the property's name.
 *
 * @param jwtSecret the HS256 signing secret, at least 32 bytes (UTF-8); unset, one is generated in
 *     {@code <embedded.data-dir>/jwt-secret} (an embedded default, with a start-up WARN)
 * @param tokenTtl how long an access token is valid
 * @param issuer the {@code iss} claim written into tokens and required of them
 * @param throttle failed-login throttling
 * @param anonymousReads the limit on requests without a bearer token
 */
@ConfigurationProperties("accounts")
public record AccountsProperties(
    String jwtSecret,
    @DefaultValue("1h") Duration tokenTtl,
    @DefaultValue("taskrow") String issuer,
    @DefaultValue Throttle throttle,
    @DefaultValue AnonymousReads anonymousReads) {

  public AccountsProperties {
    require(tokenTtl != null && tokenTtl.isPositive(), "token-ttl must be positive");
    require(issuer != null && !issuer.isBlank(), "issuer must not be empty");
  }

  /** Without the secret: properties end up in logs and failure messages. */
  @Override
  public String toString() {
    return "AccountsProperties[jwtSecret="
        + (jwtSecret == null ? null : "***")
        + ", tokenTtl="
        + tokenTtl
        + ", issuer="
        + issuer
        + ", throttle="
        + throttle
        + ", anonymousReads="
        + anonymousReads
        + "]";
  }

  /**
   * {@code accounts.throttle.*}.
   *
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
      @DefaultValue("20") int maxFailuresPerAddress) {

    public Throttle {
      require(window != null && window.isPositive(), "throttle.window must be positive");
      require(maxFailuresPerAccount >= 1, "throttle.max-failures-per-account must be at least 1");
      require(
          maxFailuresPerAccountAllAddresses >= 1,
          "throttle.max-failures-per-account-all-addresses must be at least 1");
      require(maxFailuresPerAddress >= 1, "throttle.max-failures-per-address must be at least 1");
    }
  }

  /**
   * {@code accounts.anonymous-reads.*}: what one client address may read without a token (marts,
   * flyers, products and deals are public), a token bucket per address kept in memory per instance.
   * Requests with a bearer token are not counted.
   *
   * @param perMinute requests per minute per address, refilled evenly; also the burst
   * @param maxAddresses addresses remembered at once; past it the fullest buckets are forgotten
   */
  public record AnonymousReads(
      @DefaultValue("300") int perMinute, @DefaultValue("100000") int maxAddresses) {

    public AnonymousReads {
      require(perMinute >= 1, "anonymous-reads.per-minute must be at least 1");
      require(maxAddresses >= 1, "anonymous-reads.max-addresses must be at least 1");
    }
  }

  private static void require(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException("accounts." + message);
    }
  }
}
