package dev.platform.accounts;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** Every module's {@link ApiProblem} as problem+json with its {@code code}. */
@RestControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
public class ApiProblemAdvice {

  @ExceptionHandler(ApiProblem.class)
  ResponseEntity<ProblemDetail> problem(ApiProblem problem, HttpServletRequest request) {
    ProblemDetail body =
        Problems.body(problem.status(), problem.code(), problem.getMessage(), request);
    ResponseEntity.BodyBuilder response = ResponseEntity.status(problem.status());
    if (problem.retryAfter() != null) {
      long seconds = Math.max(1, (problem.retryAfter().toMillis() + 999) / 1000);
      response.header(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
    }
    return response.body(body);
  }
}
