package dev.platform.accounts;

import java.util.Collection;
import java.util.EnumSet;
import java.util.Set;
import org.springframework.security.authentication.InsufficientAuthenticationException;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;

/**
 * The authenticated caller, as domain modules see it: the account id (the token's subject) and its
 * roles (the token's {@code roles} claim), or the {@link SessionUser} of a browser session.
 *
 * <p>Take it as a controller parameter ({@code CurrentUser user}: resolved for every handler
 * method), or build it with {@link #from(Authentication)}.
 */
public record CurrentUser(long id, Set<Role> roles) {
  public CurrentUser {
    roles = roles.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(roles));
  }

  public boolean has(Role role) {
    return roles.contains(role);
  }

  /**
   * The caller of an authenticated request.
   *
   * @throws InsufficientAuthenticationException when the request carries no valid bearer token
   *     (answered 401)
   */
  public static CurrentUser from(Authentication authentication) {
    if (authentication instanceof JwtAuthenticationToken token) {
      return from(token.getToken());
    }
    if (authentication != null && authentication.getPrincipal() instanceof SessionUser session) {
      return session.currentUser(); // a browser's page, signed in with the form
    }
    throw new InsufficientAuthenticationException("a bearer token is required");
  }

  /**
   * The caller of a request that may carry no bearer token (a browser's EventSource cannot send
   * one): the bearer's user if there is one, otherwise the account id that {@code otherProof}
   * vouches for (e.g. a verified stream token).
   *
   * @throws org.springframework.security.authentication.BadCredentialsException when neither proves
   *     a caller (answered 401)
   */
  public static CurrentUser fromBearerOr(
      Authentication authentication,
      java.util.function.Supplier<java.util.Optional<Long>> otherProof) {
    if (authentication instanceof JwtAuthenticationToken) {
      return from(authentication);
    }
    return otherProof
        .get()
        .map(id -> new CurrentUser(id, EnumSet.noneOf(Role.class)))
        .orElseThrow(
            () ->
                new org.springframework.security.authentication.BadCredentialsException(
                    "a bearer token or a valid stream_token is needed"));
  }

  /** The caller named by a verified token. */
  public static CurrentUser from(Jwt jwt) {
    long id;
    try {
      id = Long.parseLong(jwt.getSubject());
    } catch (NumberFormatException e) {
      throw new InsufficientAuthenticationException("the token's subject is not an account id");
    }
    EnumSet<Role> roles = EnumSet.noneOf(Role.class);
    Object claim = jwt.getClaims().get(JwtTokens.ROLES_CLAIM);
    if (claim instanceof Collection<?> names) {
      for (Object name : names) {
        for (Role role : Role.values()) {
          if (role.name().equals(name)) {
            roles.add(role);
          }
        }
      }
    }
    return new CurrentUser(id, roles);
  }
}
