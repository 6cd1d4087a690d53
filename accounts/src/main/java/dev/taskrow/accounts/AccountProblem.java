package dev.taskrow.accounts;

import java.time.Duration;
import org.springframework.http.HttpStatus;

/** A refusal of the account API: an HTTP status and a machine-readable code. */
class AccountProblem extends RuntimeException {
  private final HttpStatus status;
  private final String code;
  private final Duration retryAfter;

  AccountProblem(HttpStatus status, String code, String detail) {
    this(status, code, detail, null);
  }

  AccountProblem(HttpStatus status, String code, String detail, Duration retryAfter) {
    super(detail);
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }

  HttpStatus status() {
    return status;
  }

  String code() {
    return code;
  }

  Duration retryAfter() {
    return retryAfter;
  }

  static AccountProblem invalid(String code, String detail) {
    return new AccountProblem(HttpStatus.BAD_REQUEST, code, detail);
  }
}
