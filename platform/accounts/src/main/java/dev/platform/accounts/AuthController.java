package dev.platform.accounts;

import dev.platform.accounts.JwtTokens.TokenResponse;
import dev.platform.web.ProblemResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.security.SecurityRequirements;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** Signup, login and "who am I". */
@RestController
@Tag(name = "auth", description = "Accounts and bearer tokens")
class AuthController {
  private final AccountService accounts;

  AuthController(AccountService accounts) {
    this.accounts = accounts;
  }

  record SignupRequest(String email, String password, String role) {}

  record LoginRequest(String email, String password) {}

  record SignupResponse(
      long id,
      String email,
      List<Role> roles,
      String accessToken,
      String tokenType,
      long expiresIn) {}

  record Me(long id, String email, List<Role> roles) {}

  @PostMapping("/auth/signup")
  @SecurityRequirements
  @Operation(
      summary = "Create an account",
      description =
          "role: CUSTOMER (default) or MART_OWNER. Answers the account and a token. 409 EMAIL_TAKEN,"
              + " 400 INVALID_EMAIL / INVALID_PASSWORD (8..128) / INVALID_ROLE / ROLE_NOT_ALLOWED.")
  @ProblemResponse(status = 409, codes = "EMAIL_TAKEN")
  @ProblemResponse(
      status = 400,
      codes = {"INVALID_EMAIL", "INVALID_PASSWORD", "INVALID_ROLE", "ROLE_NOT_ALLOWED"})
  @ProblemResponse(status = 503, codes = "BUSY")
  ResponseEntity<SignupResponse> signup(@RequestBody SignupRequest request) {
    AccountService.SignedUp account =
        accounts.signup(request.email(), request.password(), request.role());
    TokenResponse token = account.token();
    return ResponseEntity.status(HttpStatus.CREATED)
        .location(URI.create("/me"))
        .body(
            new SignupResponse(
                account.id(),
                account.email(),
                account.roles().stream().sorted().toList(),
                token.accessToken(),
                token.tokenType(),
                token.expiresIn()));
  }

  @PostMapping("/auth/login")
  @SecurityRequirements
  @Operation(
      summary = "Exchange email and password for a bearer token",
      description =
          "401 INVALID_CREDENTIALS; 429 TOO_MANY_ATTEMPTS (with Retry-After) after repeated"
              + " failures for the account or the client address.")
  @ProblemResponse(status = 401, codes = "INVALID_CREDENTIALS")
  @ProblemResponse(status = 400, codes = "INVALID_CREDENTIALS_FORMAT")
  @ProblemResponse(status = 429, codes = "TOO_MANY_ATTEMPTS")
  @ProblemResponse(status = 503, codes = "BUSY")
  TokenResponse login(@RequestBody LoginRequest request, HttpServletRequest http) {
    return accounts.login(request.email(), request.password(), http.getRemoteAddr());
  }

  @GetMapping("/me")
  @Operation(summary = "The caller's account")
  Me me(CurrentUser user) {
    AccountRepository.Account account =
        accounts
            .find(user.id())
            .orElseThrow(
                () ->
                    new AccountProblem(
                        HttpStatus.UNAUTHORIZED,
                        "UNAUTHENTICATED",
                        "the account no longer exists"));
    return new Me(account.id(), account.email(), account.roles().stream().sorted().toList());
  }
}
