package dev.dungji;

import dev.platform.accounts.CurrentUser;
import org.springframework.security.core.Authentication;

/** The caller's account id: accounts' {@link CurrentUser} (the bearer token's subject). */
public final class Callers {
  private Callers() {}

  public static long userId(Authentication auth) {
    return CurrentUser.from(auth).id();
  }
}
