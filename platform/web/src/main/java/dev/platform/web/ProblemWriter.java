package dev.platform.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.json.ProblemDetailJacksonMixin;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes a problem straight to the servlet response, for filters and security handlers that answer
 * before Spring MVC does. Serialised by the application's own JSON mapper with Spring's mix-in for
 * {@link ProblemDetail}, so the bytes are those an advice would have sent.
 */
public final class ProblemWriter {
  private final JsonMapper json;

  public ProblemWriter(JsonMapper json) {
    // The mix-in puts the properties (code, errors) at the top level, as Spring MVC does.
    this.json =
        json.rebuild().addMixIn(ProblemDetail.class, ProblemDetailJacksonMixin.class).build();
  }

  /** Answers {@code status} with {@code code} and {@code detail} for this request. */
  public void write(
      HttpServletRequest request,
      HttpServletResponse response,
      HttpStatusCode status,
      String code,
      String detail)
      throws IOException {
    write(response, Problems.body(status, code, detail, request));
  }

  /** Answers with a complete body (see {@link Problems#body}). */
  public void write(HttpServletResponse response, ProblemDetail body) throws IOException {
    response.setStatus(body.getStatus());
    // No charset parameter, as Spring MVC sends it: JSON is UTF-8 by definition (RFC 8259).
    response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
    json.writeValue(response.getOutputStream(), body);
  }
}
