package dev.platform.accounts;

import dev.platform.accounts.AccountRepository.Account;
import dev.platform.accounts.AccountRepository.Failures;
import dev.platform.accounts.JwtTokens.TokenResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.springframework.http.HttpStatus;
import org.springframework.security.crypto.password.PasswordEncoder;

/** Signup and login: validation, password hashing, throttling of failed logins, tokens. */
class AccountService implements AccountProvisioning {
  static final int MIN_PASSWORD = 8;
  static final int MAX_PASSWORD = 128;
  static final int MAX_EMAIL = 254;
  // Pragmatic, not RFC 5322: one @, no spaces, a dot in the domain.
  private static final Pattern EMAIL = Pattern.compile("^[^@\\s]{1,64}@[^@\\s.]+(\\.[^@\\s.]+)+$");

  private final AccountRepository accounts;
  private final PasswordEncoder passwords;
  private final JwtTokens tokens;
  private final AccountsProperties.Throttle throttle;
  private final Clock clock;
  private final PasswordHashing hashing;
  private final String dummyHash;

  AccountService(
      AccountRepository accounts,
      PasswordEncoder passwords,
      JwtTokens tokens,
      AccountsProperties properties,
      Clock clock) {
    this.accounts = accounts;
    this.passwords = passwords;
    this.tokens = tokens;
    this.throttle = properties.throttle();
    this.clock = clock;
    this.hashing = new PasswordHashing(Runtime.getRuntime().availableProcessors());
    // Checked against when the email is unknown, so a login takes as long either way.
    this.dummyHash = passwords.encode("not-a-real-password-0123456789");
  }

  record SignedUp(long id, String email, Set<Role> roles, TokenResponse token) {}

  SignedUp signup(String rawEmail, String password, String rawRole) {
    String email = normalisedEmail(rawEmail);
    checkPassword(password);
    Role role = role(rawRole);
    Set<Role> roles = EnumSet.of(role);
    long id =
        accounts
            .insert(email, hashing.run(() -> passwords.encode(password)), roles)
            .orElseThrow(
                () ->
                    new AccountProblem(
                        HttpStatus.CONFLICT, "EMAIL_TAKEN", "an account with this email exists"));
    return new SignedUp(id, email, roles, tokens.issue(id, roles));
  }

  TokenResponse login(String rawEmail, String password, String clientAddress) {
    Account found = authenticate(rawEmail, password, clientAddress);
    return tokens.issue(found.id(), found.roles());
  }

  /**
   * The account whose email and password these are, under the login throttle: the bearer-token
   * login and the browser's form login share it, so neither is a way around the other's limits.
   */
  Account authenticate(String rawEmail, String password, String clientAddress) {
    if (rawEmail == null || password == null || password.length() > MAX_PASSWORD) {
      throw AccountProblem.invalid("INVALID_CREDENTIALS_FORMAT", "email and password are required");
    }
    String email = rawEmail.strip().toLowerCase(Locale.ROOT);
    if (email.isEmpty() || email.length() > MAX_EMAIL) {
      throw AccountProblem.invalid("INVALID_CREDENTIALS_FORMAT", "email and password are required");
    }
    Instant now = clock.instant();
    Instant since = now.minus(throttle.window());
    // Counted as a failure from here until the password proves right: a burst of parallel guesses
    // sees itself in the counts, so no more than the limit get their passwords checked.
    long attempt = accounts.recordAttempt(email, clientAddress, now, since);
    Optional<Account> account;
    boolean matches;
    try {
      refuseWhenThrottled(
          accounts.failuresByEmailFrom(email, clientAddress, since),
          throttle.maxFailuresPerAccount(),
          now);
      refuseWhenThrottled(
          accounts.failuresByEmail(email, since),
          throttle.maxFailuresPerAccountAllAddresses(),
          now);
      refuseWhenThrottled(
          accounts.failuresByAddress(clientAddress, since), throttle.maxFailuresPerAddress(), now);
      account = accounts.findByEmail(email);
      String hash = account.map(Account::passwordHash).orElse(dummyHash);
      matches = hashing.run(() -> passwords.matches(password, hash)) && account.isPresent();
    } catch (RuntimeException | Error refusedOrFailed) { // not a wrong password: no failure
      accounts.forgetAttempt(attempt);
      throw refusedOrFailed;
    }
    if (!matches) {
      throw new AccountProblem(
          HttpStatus.UNAUTHORIZED, "INVALID_CREDENTIALS", "the email or the password is wrong");
    }
    Account found = account.get();
    accounts.clearFailures(email);
    if (passwords.upgradeEncoding(found.passwordHash())) {
      accounts.updatePasswordHash(found.id(), hashing.run(() -> passwords.encode(password)));
    }
    return found;
  }

  @Override
  public long ensureAccount(String email, String password, Role role) {
    String normalised = normalisedEmail(email);
    checkPassword(password);
    return accounts
        .findByEmail(normalised)
        .map(Account::id)
        .orElseGet(
            () ->
                accounts
                    .insert(normalised, hashing.run(() -> passwords.encode(password)), Set.of(role))
                    .orElseGet(() -> accounts.findByEmail(normalised).orElseThrow().id()));
  }

  Optional<Account> find(long id) {
    return accounts.findById(id);
  }

  private void refuseWhenThrottled(Failures failures, int max, Instant now) {
    if (failures.count() > max) { // the count includes the attempt being made
      Duration retryAfter = Duration.between(now, failures.oldest().plus(throttle.window()));
      throw new AccountProblem(
          HttpStatus.TOO_MANY_REQUESTS,
          "TOO_MANY_ATTEMPTS",
          "too many failed logins; try again later",
          retryAfter.isNegative() ? Duration.ofSeconds(1) : retryAfter);
    }
  }

  static String normalisedEmail(String raw) {
    if (raw == null) {
      throw AccountProblem.invalid("INVALID_EMAIL", "email is required");
    }
    String email = raw.strip().toLowerCase(Locale.ROOT);
    if (email.length() > MAX_EMAIL || !EMAIL.matcher(email).matches()) {
      throw AccountProblem.invalid("INVALID_EMAIL", "email is not a valid address");
    }
    return email;
  }

  private static void checkPassword(String password) {
    if (password == null
        || password.codePointCount(0, password.length()) < MIN_PASSWORD
        || password.length() > MAX_PASSWORD) {
      throw AccountProblem.invalid(
          "INVALID_PASSWORD",
          "password must be " + MIN_PASSWORD + " to " + MAX_PASSWORD + " characters");
    }
  }

  private static Role role(String raw) {
    if (raw == null || raw.isBlank()) {
      return Role.CUSTOMER;
    }
    for (Role role : Role.values()) {
      if (role.name().equals(raw.strip().toUpperCase(Locale.ROOT))) {
        if (!role.selfAssignable()) {
          throw AccountProblem.invalid("ROLE_NOT_ALLOWED", "this role cannot be chosen at signup");
        }
        return role;
      }
    }
    throw AccountProblem.invalid("INVALID_ROLE", "role must be CUSTOMER or MART_OWNER");
  }
}
