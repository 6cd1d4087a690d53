package dev.dongchimi;

import dev.platform.web.ApiProblem;
import org.springframework.http.HttpStatus;

/** A refusal of the 동치미 API: an HTTP status and a machine-readable code. */
public class Problem extends ApiProblem {

  public Problem(HttpStatus status, String code, String detail) {
    super(status, code, detail);
  }

  public static Problem invalid(String code, String detail) {
    return new Problem(HttpStatus.BAD_REQUEST, code, detail);
  }

  public static Problem notFound(String what) {
    return new Problem(HttpStatus.NOT_FOUND, "NOT_FOUND", what + " not found");
  }

  static Problem notOwner() {
    return new Problem(HttpStatus.FORBIDDEN, "NOT_OWNER", "only the mart's owner may change it");
  }
}
