package dev.platform.accounts;

import java.time.Duration;
import org.springframework.http.HttpStatus;

/**
 * A refusal of any module's API: an HTTP status, a machine-readable code and a detail, answered as
 * RFC 9457 problem+json by {@link ApiProblemAdvice}. Modules subclass it for their own factories.
 */
public class ApiProblem extends RuntimeException {
  private final HttpStatus status;
  private final String code;
  private final Duration retryAfter;

  public ApiProblem(HttpStatus status, String code, String detail) {
    this(status, code, detail, null);
  }

  /** {@code retryAfter}: sent as the Retry-After header (e.g. a throttled login), or null. */
  public ApiProblem(HttpStatus status, String code, String detail, Duration retryAfter) {
    super(detail);
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }

  public HttpStatus status() {
    return status;
  }

  public String code() {
    return code;
  }

  public Duration retryAfter() {
    return retryAfter;
  }
}
