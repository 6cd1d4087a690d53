package dev.platform.accounts;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * 401 and 403 thrown from a controller (the filter chain answers its own through {@link
 * SecurityProblems}): ordered before the web module's fallback, which would make them 500s.
 */
@RestControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
class SecurityProblemAdvice {

  /**
   * Thrown by {@link CurrentUser#from} when no token was verified (the filter chain refuses first).
   */
  @ExceptionHandler(AuthenticationException.class)
  ResponseEntity<ProblemDetail> unauthenticated(
      AuthenticationException e, HttpServletRequest request) {
    return ResponseEntity.status(HttpStatus.UNAUTHORIZED)
        .header(HttpHeaders.WWW_AUTHENTICATE, "Bearer")
        .body(SecurityProblems.unauthenticated(request));
  }

  /** A domain module's refusal by role, thrown from a controller. */
  @ExceptionHandler(AccessDeniedException.class)
  ResponseEntity<ProblemDetail> forbidden(AccessDeniedException e, HttpServletRequest request) {
    return ResponseEntity.status(HttpStatus.FORBIDDEN).body(SecurityProblems.forbidden(request));
  }
}
