package dev.platform.accounts;

import dev.platform.web.ApiProblem;
import java.time.Duration;
import org.springframework.http.HttpStatus;

/** A refusal of the account API. */
class AccountProblem extends ApiProblem {

  AccountProblem(HttpStatus status, String code, String detail) {
    super(status, code, detail);
  }

  AccountProblem(HttpStatus status, String code, String detail, Duration retryAfter) {
    super(status, code, detail, retryAfter);
  }

  static AccountProblem invalid(String code, String detail) {
    return new AccountProblem(HttpStatus.BAD_REQUEST, code, detail);
  }
}
