package dev.platform.accounts;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.multipart.MaxUploadSizeExceededException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import org.springframework.web.util.DisconnectedClientHelper;

/**
 * The last word on errors, after every module's own advice: whatever reaches it still becomes
 * problem+json with a machine-readable {@code code}. Spring MVC's own refusals (malformed JSON, a
 * path variable of the wrong type, an unknown path, a wrong method or content type, an upload over
 * the multipart limit) keep their status and gain a code; anything unexpected is a 500 {@code
 * INTERNAL} whose body says nothing of the cause (SQL, class names) — the log has it.
 *
 * <p>Being a {@link ResponseEntityExceptionHandler}, it replaces Spring Boot's problem-details
 * handler. It must run after the modules' advices: they are ordered before it, or they would lose
 * their exceptions to the catch-all here.
 */
@RestControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE)
public class FallbackProblemAdvice extends ResponseEntityExceptionHandler {
  private static final Logger log = LoggerFactory.getLogger(FallbackProblemAdvice.class);

  @Override
  protected ResponseEntity<Object> handleExceptionInternal(
      Exception ex, Object body, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
    ResponseEntity<Object> response =
        super.handleExceptionInternal(ex, body, headers, status, request);
    if (response != null && response.getBody() instanceof ProblemDetail problem) {
      if (problem.getProperties() == null || !problem.getProperties().containsKey("code")) {
        problem.setProperty("code", codeFor(ex, status));
      }
      if (ex instanceof MethodArgumentNotValidException invalid) {
        problem.setDetail(
            invalid.getFieldErrors().stream()
                .map(e -> e.getField() + ": " + e.getDefaultMessage())
                .collect(Collectors.joining("; ")));
      }
    }
    return response;
  }

  private static String codeFor(Exception ex, HttpStatusCode status) {
    if (ex instanceof MaxUploadSizeExceededException) {
      return "FILE_TOO_LARGE"; // as the modules' own size checks say
    }
    return switch (status.value()) {
      case 400 -> "INVALID_REQUEST";
      case 401 -> "UNAUTHENTICATED";
      case 403 -> "FORBIDDEN";
      case 404 -> "NOT_FOUND";
      case 405 -> "METHOD_NOT_ALLOWED";
      case 406 -> "NOT_ACCEPTABLE";
      case 413 -> "PAYLOAD_TOO_LARGE";
      case 415 -> "UNSUPPORTED_MEDIA_TYPE";
      case 503 -> "UNAVAILABLE";
      default -> status.is5xxServerError() ? "INTERNAL" : "HTTP_" + status.value();
    };
  }

  /**
   * Thrown by {@link CurrentUser#from} when no token was verified (the filter chain refuses first).
   */
  @ExceptionHandler(AuthenticationException.class)
  ResponseEntity<ProblemDetail> unauthenticated(
      AuthenticationException e, HttpServletRequest request) {
    return ResponseEntity.status(HttpStatus.UNAUTHORIZED)
        .header(HttpHeaders.WWW_AUTHENTICATE, "Bearer")
        .body(
            Problems.body(
                HttpStatus.UNAUTHORIZED,
                "UNAUTHENTICATED",
                "a valid bearer token is required",
                request));
  }

  /** A domain module's refusal by role, thrown from a controller. */
  @ExceptionHandler(AccessDeniedException.class)
  ResponseEntity<ProblemDetail> forbidden(AccessDeniedException e, HttpServletRequest request) {
    return ResponseEntity.status(HttpStatus.FORBIDDEN)
        .body(
            Problems.body(
                HttpStatus.FORBIDDEN, "FORBIDDEN", "not allowed for this account", request));
  }

  @ExceptionHandler(Exception.class)
  ResponseEntity<ProblemDetail> unexpected(
      Exception e, HttpServletRequest request, HttpServletResponse response) {
    if (DisconnectedClientHelper.isClientDisconnectedException(e)) {
      log.debug("{} {}: the client went away: {}", request.getMethod(), request.getRequestURI(), e);
      return null;
    }
    if (response.isCommitted()) { // too late for a problem body; still a failure to look at
      log.warn(
          "{} {} failed after its answer began", request.getMethod(), request.getRequestURI(), e);
      return null;
    }
    ResponseStatus declared =
        AnnotatedElementUtils.findMergedAnnotation(e.getClass(), ResponseStatus.class);
    if (declared != null) {
      HttpStatus status = declared.code();
      String reason = declared.reason().isEmpty() ? status.getReasonPhrase() : declared.reason();
      return ResponseEntity.status(status)
          .body(Problems.body(status, codeFor(e, status), reason, request));
    }
    log.error("{} {} failed", request.getMethod(), request.getRequestURI(), e);
    return ResponseEntity.status(HttpStatus.INTERNAL_SERVER_ERROR)
        .body(
            Problems.body(
                HttpStatus.INTERNAL_SERVER_ERROR,
                "INTERNAL",
                "an unexpected error; it has been logged",
                request));
  }
}
