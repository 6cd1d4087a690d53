package dev.dongchimi;

import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.multipart.support.MissingServletRequestPartException;

/**
 * 동치미's malformed requests as problem+json with a {@code code}; scoped to this module's
 * controllers. Its {@link Problem}s are answered by accounts' ApiProblemAdvice.
 */
@RestControllerAdvice(basePackageClasses = ProblemAdvice.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class ProblemAdvice {

  @ExceptionHandler({
    MethodArgumentTypeMismatchException.class,
    MissingServletRequestParameterException.class,
    MissingServletRequestPartException.class,
    HttpMessageNotReadableException.class
  })
  ResponseEntity<ProblemDetail> badRequest(Exception e, HttpServletRequest request) {
    String detail =
        switch (e) {
          case MethodArgumentTypeMismatchException m -> m.getName() + " has an invalid value";
          case MissingServletRequestParameterException m -> m.getParameterName() + " is required";
          case MissingServletRequestPartException m -> m.getRequestPartName() + " is required";
          default -> "the request body is not valid JSON of the expected shape";
        };
    return answer(HttpStatus.BAD_REQUEST, "INVALID_REQUEST", detail, request);
  }

  private static ResponseEntity<ProblemDetail> answer(
      HttpStatus status, String code, String detail, HttpServletRequest request) {
    ProblemDetail body = ProblemDetail.forStatusAndDetail(status, detail);
    body.setInstance(URI.create(request.getRequestURI()));
    body.setProperty("code", code);
    return ResponseEntity.status(status).body(body);
  }
}
