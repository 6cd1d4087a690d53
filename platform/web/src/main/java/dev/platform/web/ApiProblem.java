package dev.platform.web;

import java.time.Duration;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.web.ErrorResponseException;

/**
 * A refusal of any module's API: an HTTP status, a stable machine-readable {@code code} and a
 * detail for the client. Domains throw it (or their subclass of it); {@link ApiProblemAdvice}
 * answers it as problem+json. It is a Spring {@link org.springframework.web.ErrorResponse}, so it
 * is rendered exactly like the engine's own refusals, which cannot know this type.
 */
public class ApiProblem extends ErrorResponseException {
  private final String code;
  private final Duration retryAfter;

  public ApiProblem(HttpStatusCode status, String code, String detail) {
    this(status, code, detail, null);
  }

  /** {@code retryAfter}: sent as the Retry-After header (e.g. a throttled login), or null. */
  public ApiProblem(HttpStatusCode status, String code, String detail, Duration retryAfter) {
    super(status, Problems.body(status, code, detail), null);
    this.code = code;
    this.retryAfter = retryAfter;
    if (retryAfter != null) {
      // Whole seconds, rounded up, never 0: "retry at once" would invite a tight loop.
      long seconds = Math.max(1, (retryAfter.toMillis() + 999) / 1000);
      getHeaders().set(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
    }
  }

  public HttpStatusCode status() {
    return getStatusCode();
  }

  public String code() {
    return code;
  }

  public Duration retryAfter() {
    return retryAfter;
  }

  /** The detail alone: it is what a log line or a task's error message should say. */
  @Override
  public String getMessage() {
    return getBody().getDetail();
  }
}
