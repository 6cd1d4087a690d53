package dev.platform.accounts;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;

/** Errors of the account system as RFC 9457 problem+json with a machine-readable {@code code}. */
final class Problems {
  static final String PROBLEM_JSON = "application/problem+json";

  private Problems() {}

  /** The problem+json body the advices answer with: status, detail, the request's path, code. */
  static ProblemDetail body(
      HttpStatusCode status, String code, String detail, HttpServletRequest request) {
    ProblemDetail body = ProblemDetail.forStatusAndDetail(status, detail);
    body.setInstance(URI.create(request.getRequestURI()));
    body.setProperty("code", code);
    return body;
  }

  /** 401 for a missing, malformed, badly signed or expired token. */
  static AuthenticationEntryPoint unauthenticated() {
    return (request, response, exception) -> {
      response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
      write(
          response,
          request,
          401,
          "Unauthorized",
          "UNAUTHENTICATED",
          "a valid bearer token is required");
    };
  }

  /** 403 for a valid token whose roles do not allow the request. */
  static AccessDeniedHandler forbidden() {
    return (request, response, exception) ->
        write(response, request, 403, "Forbidden", "FORBIDDEN", "not allowed for this account");
  }

  /** A problem written straight to the response, for filters that answer before Spring MVC. */
  static void write(
      HttpServletResponse response,
      HttpServletRequest request,
      int status,
      String title,
      String code,
      String detail)
      throws IOException {
    response.setStatus(status);
    response.setContentType(PROBLEM_JSON);
    response.setCharacterEncoding("UTF-8");
    response
        .getWriter()
        .write(
            "{\"type\":\"about:blank\",\"title\":\""
                + title
                + "\",\"status\":"
                + status
                + ",\"detail\":\""
                + detail
                + "\",\"instance\":\""
                + escape(request.getRequestURI())
                + "\",\"code\":\""
                + code
                + "\"}");
  }

  private static String escape(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (char c : text.toCharArray()) {
      if (c == '"' || c == '\\') {
        out.append('\\').append(c);
      } else if (c < 0x20) {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
