package dev.dungji;

import dev.platform.web.ApiProblem;
import java.time.Duration;
import org.springframework.http.HttpStatus;

/** A client-visible error of the 둥지 API: an HTTP status and a machine-readable code. */
public class DungjiException extends ApiProblem {

  public DungjiException(HttpStatus status, String code, String message) {
    super(status, code, message);
  }

  /** With a Retry-After header: when asking again can succeed. */
  public DungjiException(HttpStatus status, String code, String message, Duration retryAfter) {
    super(status, code, message, retryAfter);
  }

  public static DungjiException nestNotFound(long nestId) {
    return new DungjiException(HttpStatus.NOT_FOUND, "NEST_NOT_FOUND", "no nest " + nestId);
  }

  public static DungjiException nestForbidden(long nestId) {
    return new DungjiException(
        HttpStatus.FORBIDDEN, "NEST_PERMISSION", "nest " + nestId + " belongs to someone else");
  }

  public static DungjiException taskNotFound() {
    return new DungjiException(HttpStatus.NOT_FOUND, "TASK_NOT_FOUND", "no such task of this nest");
  }
}
