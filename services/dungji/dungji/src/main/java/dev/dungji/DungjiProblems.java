package dev.dungji;

import java.net.URI;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * RFC 9457 problem+json for the 둥지 API's invalid arguments, with a machine-readable {@code code}.
 * Its {@link DungjiException}s are answered by accounts' ApiProblemAdvice. Ordered first: accounts'
 * FallbackProblemAdvice, which answers every other exception, must not see these.
 */
@RestControllerAdvice(basePackages = "dev.dungji")
@Order(Ordered.HIGHEST_PRECEDENCE)
public class DungjiProblems {

  @ExceptionHandler(IllegalArgumentException.class)
  ResponseEntity<ProblemDetail> invalid(IllegalArgumentException e) {
    return problem(HttpStatus.BAD_REQUEST, "INVALID_REQUEST", e.getMessage());
  }

  static ResponseEntity<ProblemDetail> problem(HttpStatus status, String code, String detail) {
    ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
    problem.setType(URI.create("urn:problem:dungji:" + code.toLowerCase().replace('_', '-')));
    problem.setProperty("code", code);
    return ResponseEntity.status(status).body(problem);
  }
}
