package dev.taskrow.dungji;

import org.springframework.security.authentication.InsufficientAuthenticationException;
import org.springframework.security.core.Authentication;

/**
 * The caller's account id: the bearer token's subject. (Switch to accounts' CurrentUser once that
 * module lands; the rule is the same.)
 */
public final class Callers {
  private Callers() {}

  public static long userId(Authentication auth) {
    if (auth == null || !auth.isAuthenticated()) {
      throw new InsufficientAuthenticationException("a bearer token is required");
    }
    try {
      return Long.parseLong(auth.getName());
    } catch (NumberFormatException e) {
      throw new InsufficientAuthenticationException("the token's subject is not an account id");
    }
  }
}
