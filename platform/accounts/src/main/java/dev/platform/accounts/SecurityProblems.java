package dev.platform.accounts;

import dev.platform.web.ProblemWriter;
import dev.platform.web.Problems;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;

/**
 * The account system's two refusals, 401 {@code UNAUTHENTICATED} and 403 {@code FORBIDDEN}, in the
 * one problem shape: written by the security filter chain through the web module's {@link
 * ProblemWriter}, and answered by {@link SecurityProblemAdvice} when a controller throws them.
 */
final class SecurityProblems {
  static final String UNAUTHENTICATED = "UNAUTHENTICATED";
  static final String FORBIDDEN = "FORBIDDEN";

  private SecurityProblems() {}

  /** A missing, malformed, badly signed or expired token. */
  static ProblemDetail unauthenticated(HttpServletRequest request) {
    return Problems.body(
        HttpStatus.UNAUTHORIZED, UNAUTHENTICATED, "a valid bearer token is required", request);
  }

  /** A valid token whose roles do not allow the request. */
  static ProblemDetail forbidden(HttpServletRequest request) {
    return Problems.body(HttpStatus.FORBIDDEN, FORBIDDEN, "not allowed for this account", request);
  }

  static AuthenticationEntryPoint entryPoint(ProblemWriter problems) {
    return (request, response, exception) -> {
      response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
      problems.write(response, unauthenticated(request));
    };
  }

  static AccessDeniedHandler accessDeniedHandler(ProblemWriter problems) {
    return (request, response, exception) -> problems.write(response, forbidden(request));
  }
}
