package dev.platform.test;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * A new account through the account system's own API ({@code POST /auth/signup}), as a client makes
 * one: a unique email, a valid password, the role asked for. Each test makes its own users.
 *
 * <pre>{@code
 * String customer = SignUp.newToken(api);
 * String owner = SignUp.newToken(api, "MART_OWNER");
 * SignUp.Account ops = SignUp.newAccount(api, null); // grant ADMIN in the database, then:
 * String admin = SignUp.login(api, ops.email(), ops.password());
 * }</pre>
 */
public final class SignUp {
  /** The password of every account made here. */
  public static final String PASSWORD = "correct horse 42";

  private SignUp() {}

  /** An account made here and the token its sign-up answered. */
  public record Account(String email, String password, String token) {}

  /** A new customer's bearer token. */
  public static String newToken(ApiClient api) {
    return newAccount(api, null).token();
  }

  /** A new account of {@code role} (CUSTOMER or MART_OWNER), its bearer token. */
  public static String newToken(ApiClient api, String role) {
    return newAccount(api, role).token();
  }

  /** A new account of {@code role}; null asks for none, which makes a customer. */
  public static Account newAccount(ApiClient api, String role) {
    String email = "u-" + UUID.randomUUID() + "@example.com";
    Map<String, String> body = new LinkedHashMap<>();
    body.put("email", email);
    body.put("password", PASSWORD);
    if (role != null) {
      body.put("role", role);
    }
    Answer signup = api.post("/auth/signup", null, body);
    if (signup.status() != 201) {
      throw new AssertionError("sign-up answered " + signup.status() + ": " + signup.body());
    }
    return new Account(email, PASSWORD, signup.text("access_token"));
  }

  /** A fresh token of an existing account, e.g. after a role was granted in the database. */
  public static String login(ApiClient api, String email, String password) {
    Answer login = api.post("/auth/login", null, Map.of("email", email, "password", password));
    if (login.status() != 200) {
      throw new AssertionError("login answered " + login.status() + ": " + login.body());
    }
    return login.text("access_token");
  }
}
