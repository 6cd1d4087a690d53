package dev.platform.accounts;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.springframework.security.oauth2.jose.jws.MacAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtEncoder;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;

/** Issues access tokens: HS256, subject = account id, claim {@code roles}. */
class JwtTokens {
  static final String ROLES_CLAIM = "roles";
  private final JwtEncoder encoder;
  private final AccountsProperties properties;
  private final Clock clock;

  JwtTokens(JwtEncoder encoder, AccountsProperties properties, Clock clock) {
    this.encoder = encoder;
    this.properties = properties;
    this.clock = clock;
  }

  TokenResponse issue(long accountId, Set<Role> roles) {
    Instant now = clock.instant();
    JwtClaimsSet claims =
        JwtClaimsSet.builder()
            .issuer(properties.issuer())
            .subject(Long.toString(accountId))
            .issuedAt(now)
            .expiresAt(now.plus(properties.tokenTtl()))
            .claim(ROLES_CLAIM, List.copyOf(roles.stream().map(Role::name).sorted().toList()))
            .build();
    String token =
        encoder
            .encode(JwtEncoderParameters.from(JwsHeader.with(MacAlgorithm.HS256).build(), claims))
            .getTokenValue();
    return new TokenResponse(token, "Bearer", properties.tokenTtl().toSeconds());
  }

  /** The answer of a login: {@code access_token}, {@code token_type}, {@code expires_in}. */
  record TokenResponse(String accessToken, String tokenType, long expiresIn) {}
}
