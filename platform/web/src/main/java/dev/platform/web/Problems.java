package dev.platform.web;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;

/**
 * The one shape of every error body, RFC 9457 problem+json: {@code type}, {@code title}, {@code
 * status}, {@code detail}, {@code instance} (the request's path), a stable {@code code}, and for a
 * validation failure {@code errors} (the invalid fields). Every advice, filter and handler of every
 * module builds its body here, so the same error looks the same wherever it is answered.
 *
 * <p>{@code type} is {@code about:blank} everywhere: the problem means no more than its HTTP status
 * (so {@code title} is the status's reason phrase, as RFC 9457 asks), and what tells problems apart
 * is {@code code}. One identifier per problem is enough: a URN per code would be a second name for
 * the same thing that clients must keep in step, which nothing dereferences, and which the engine's
 * own refusals (plain Spring {@code ErrorResponse}s) could not know.
 */
public final class Problems {
  public static final URI TYPE = URI.create("about:blank");
  public static final String CODE = "code";
  public static final String ERRORS = "errors";

  private Problems() {}

  /** A body without its {@code instance}, which {@link #completed} adds from the request. */
  public static ProblemDetail body(HttpStatusCode status, String code, String detail) {
    ProblemDetail body = ProblemDetail.forStatusAndDetail(status, detail);
    body.setType(TYPE);
    body.setTitle(title(status));
    body.setProperty(CODE, code);
    return body;
  }

  /** A complete body for this request, e.g. for a filter or a security handler. */
  public static ProblemDetail body(
      HttpStatusCode status, String code, String detail, HttpServletRequest request) {
    return completed(body(status, code, detail), request);
  }

  /**
   * Brings any body (a module's, Spring MVC's own, the engine's) into the one shape: {@code
   * about:blank}, the reason phrase as title (and as detail where there is none), the request's
   * path, and a code ({@link #codeFor the status's} where it has none).
   */
  public static ProblemDetail completed(ProblemDetail body, HttpServletRequest request) {
    HttpStatusCode status = HttpStatusCode.valueOf(body.getStatus());
    body.setType(TYPE);
    body.setTitle(title(status));
    if (body.getDetail() == null || body.getDetail().isBlank()) {
      body.setDetail(body.getTitle());
    }
    body.setInstance(instance(request));
    Map<String, Object> properties = body.getProperties();
    if (properties == null || !(properties.get(CODE) instanceof String)) {
      body.setProperty(CODE, codeFor(status));
    }
    return body;
  }

  /** One invalid field of a request, named as the client sent it. */
  public record InvalidField(String field, String message) {}

  /** Adds the invalid fields of a validation failure. */
  public static ProblemDetail withInvalidFields(ProblemDetail body, List<InvalidField> fields) {
    body.setProperty(ERRORS, List.copyOf(fields));
    return body;
  }

  /** The code of a refusal that carries none of its own: what the status alone says. */
  public static String codeFor(HttpStatusCode status) {
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

  private static String title(HttpStatusCode status) {
    HttpStatus known = HttpStatus.resolve(status.value());
    return known != null ? known.getReasonPhrase() : "HTTP " + status.value();
  }

  /** The path the client asked for, also when the answer is rendered by the error page. */
  private static URI instance(HttpServletRequest request) {
    Object original = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
    String path = original instanceof String uri ? uri : request.getRequestURI();
    try {
      return URI.create(path);
    } catch (IllegalArgumentException notAUri) { // never fail an error answer over its path
      return URI.create("/");
    }
  }
}
