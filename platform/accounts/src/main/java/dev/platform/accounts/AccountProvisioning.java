package dev.platform.accounts;

/**
 * Creating accounts from code, e.g. a module's demo data. Not for user input: the HTTP signup is.
 */
public interface AccountProvisioning {
  /**
   * The id of the account with this email, created with the password and role when it does not
   * exist yet (an existing account is left as it is).
   */
  long ensureAccount(String email, String password, Role role);
}
