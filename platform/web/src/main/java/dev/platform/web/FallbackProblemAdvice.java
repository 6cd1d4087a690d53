package dev.platform.web;

import dev.platform.web.Problems.InvalidField;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.validation.FieldError;
import org.springframework.validation.ObjectError;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.multipart.MaxUploadSizeExceededException;
import org.springframework.web.multipart.support.MissingServletRequestPartException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import org.springframework.web.util.DisconnectedClientHelper;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.PropertyNamingStrategy;
import tools.jackson.databind.json.JsonMapper;

/**
 * The last word on errors, after every module's own advice: whatever reaches it still becomes
 * problem+json in the one shape ({@link Problems}). Spring's own {@code ErrorResponse}s — MVC's
 * refusals (malformed JSON, a parameter of the wrong type or missing, an unknown path, a wrong
 * method or content type, an upload over the multipart limit) and the engine's (an event stream
 * refused with 429 or 503) — keep their status and code, or gain the status's code; anything
 * unexpected is a 500 {@code INTERNAL} whose body says nothing of the cause (SQL, class names, a
 * library's message) — the log has it.
 *
 * <p>Being a {@link ResponseEntityExceptionHandler}, it replaces Spring Boot's problem-details
 * handler. It must run after the modules' advices: they are ordered before it, or they would lose
 * their exceptions to the catch-all here.
 */
@RestControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE)
public class FallbackProblemAdvice extends ResponseEntityExceptionHandler {
  private static final Logger log = LoggerFactory.getLogger(FallbackProblemAdvice.class);

  private final PropertyNamingStrategy jsonNaming;

  public FallbackProblemAdvice(ObjectProvider<JsonMapper> json) {
    JsonMapper mapper = json.getIfAvailable();
    this.jsonNaming =
        mapper == null ? null : mapper.serializationConfig().getPropertyNamingStrategy();
  }

  @Override
  protected ResponseEntity<Object> handleExceptionInternal(
      Exception ex, Object body, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
    ResponseEntity<Object> response =
        super.handleExceptionInternal(ex, body, headers, status, request);
    if (response != null && response.getBody() instanceof ProblemDetail problem) {
      if (ex instanceof MaxUploadSizeExceededException) {
        problem.setProperty(Problems.CODE, "FILE_TOO_LARGE"); // as the modules' own size checks say
      }
      if (ex instanceof MethodArgumentNotValidException invalid) {
        describeInvalidFields(problem, invalid);
      } else {
        String detail = clientDetail(ex);
        if (detail != null) {
          problem.setDetail(detail);
        }
      }
      Problems.completed(problem, ((ServletWebRequest) request).getRequest());
    }
    return response;
  }

  /**
   * What the client did wrong, in its own terms: Spring's detail would echo the value sent or name
   * Java types ("Failed to convert 'nestId' with value: 'abc'", "Failed to read request").
   */
  private static String clientDetail(Exception ex) {
    return switch (ex) {
      case MethodArgumentTypeMismatchException m -> m.getName() + " has an invalid value";
      case MissingServletRequestParameterException m -> m.getParameterName() + " is required";
      case MissingServletRequestPartException m -> m.getRequestPartName() + " is required";
      case HttpMessageNotReadableException m ->
          "the request body is not valid JSON of the expected shape";
      default -> null;
    };
  }

  /** Each invalid field in {@code errors}, and all of them in the detail, by their JSON names. */
  private void describeInvalidFields(ProblemDetail problem, MethodArgumentNotValidException e) {
    List<InvalidField> fields = new ArrayList<>();
    for (FieldError error : e.getFieldErrors()) {
      fields.add(new InvalidField(jsonName(error.getField()), error.getDefaultMessage()));
    }
    List<String> all = new ArrayList<>();
    fields.forEach(f -> all.add(f.field() + ": " + f.message()));
    e.getGlobalErrors().stream().map(ObjectError::getDefaultMessage).forEach(all::add);
    problem.setDetail(all.stream().collect(Collectors.joining("; ")));
    Problems.withInvalidFields(problem, fields);
  }

  /** A bound property path ({@code items[0].unitPrice}) as the client wrote it in its JSON. */
  private String jsonName(String path) {
    if (!(jsonNaming instanceof PropertyNamingStrategies.NamingBase naming)) {
      return path;
    }
    StringBuilder out = new StringBuilder(path.length() + 4);
    for (String segment : path.split("\\.", -1)) {
      int index = segment.indexOf('[');
      String name = index < 0 ? segment : segment.substring(0, index);
      if (!out.isEmpty()) {
        out.append('.');
      }
      out.append(naming.nameForField(null, null, name));
      if (index >= 0) {
        out.append(segment.substring(index));
      }
    }
    return out.toString();
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
          .body(Problems.body(status, Problems.codeFor(status), reason, request));
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
