package dev.platform.accounts;

import java.io.Serial;
import java.io.Serializable;
import java.util.EnumSet;
import java.util.Set;

/**
 * The account signed in to a browser session: the principal the form login stores in the session,
 * turned into a {@link CurrentUser} for controllers. Serializable: it lives in the HTTP session.
 */
public record SessionUser(long id, String email, Set<Role> roles) implements Serializable {
  @Serial private static final long serialVersionUID = 1L;

  public SessionUser {
    roles = roles.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(roles));
  }

  public CurrentUser currentUser() {
    return new CurrentUser(id, roles);
  }
}
