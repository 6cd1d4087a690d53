package dev.platform.web;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Every module's {@link ApiProblem} as problem+json with its status, code, detail and headers
 * (Retry-After). Ordered first: an ApiProblem can arrive as the cause of one of Spring's exceptions
 * (the body-size limit is hit while the JSON reader reads), and must still be answered as itself.
 */
@RestControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
public class ApiProblemAdvice {

  @ExceptionHandler(ApiProblem.class)
  ResponseEntity<ProblemDetail> problem(ApiProblem problem, HttpServletRequest request) {
    return ResponseEntity.status(problem.getStatusCode())
        .headers(problem.getHeaders())
        .body(Problems.completed(problem.getBody(), request));
  }
}
