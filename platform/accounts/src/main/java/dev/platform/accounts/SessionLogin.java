package dev.platform.accounts;

import dev.platform.web.ApiProblem;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.LockedException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.web.authentication.WebAuthenticationDetails;

/**
 * The browser's form login, checked by {@link AccountService#authenticate} (the same password check
 * and throttle as {@code POST /auth/login}). The session then holds a {@link SessionUser}.
 */
final class SessionLogin implements AuthenticationProvider {
  private final AccountService accounts;

  SessionLogin(AccountService accounts) {
    this.accounts = accounts;
  }

  @Override
  public Authentication authenticate(Authentication authentication) throws AuthenticationException {
    String email = authentication.getName();
    String password =
        authentication.getCredentials() == null ? null : authentication.getCredentials().toString();
    String address =
        authentication.getDetails() instanceof WebAuthenticationDetails details
            ? details.getRemoteAddress()
            : "unknown";
    AccountRepository.Account account;
    try {
      account = accounts.authenticate(email, password, address);
    } catch (ApiProblem refused) {
      if (refused.status().value() == HttpStatus.TOO_MANY_REQUESTS.value()) {
        throw new LockedException(refused.code());
      }
      throw new BadCredentialsException(refused.code());
    }
    SessionUser user = new SessionUser(account.id(), account.email(), account.roles());
    List<SimpleGrantedAuthority> roles =
        account.roles().stream().map(r -> new SimpleGrantedAuthority("ROLE_" + r.name())).toList();
    return UsernamePasswordAuthenticationToken.authenticated(user, null, roles);
  }

  @Override
  public boolean supports(Class<?> authentication) {
    return UsernamePasswordAuthenticationToken.class.isAssignableFrom(authentication);
  }
}
