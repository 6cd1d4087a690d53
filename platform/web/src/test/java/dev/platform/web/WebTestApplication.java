package dev.platform.web;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.time.Duration;
import java.util.Map;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** The web module alone: endpoints that refuse in each of the ways a module can. */
@SpringBootConfiguration
@EnableAutoConfiguration
class WebTestApplication {

  record Order(@NotBlank String displayName, @Positive int unitCount) {}

  /** Refusals shared by several endpoints, declared once (as MartInput.Refusals does). */
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.METHOD)
  @ProblemResponse(status = 409, codes = "ORDER_CLOSED")
  @interface OrderRefusals {}

  @RestController
  @ProblemResponse(status = 404, codes = "ITEM_GONE")
  static class Refusals {
    /** A domain's refusal. */
    @GetMapping("/test/throttled")
    @ProblemResponse(status = 429, codes = "SLOW_DOWN")
    Map<String, Object> throttled() {
      throw new ApiProblem(
          HttpStatus.TOO_MANY_REQUESTS, "SLOW_DOWN", "wait a little", Duration.ofMillis(1500));
    }

    /** What the engine's event streams throw: a plain Spring ErrorResponse with a code. */
    @GetMapping("/test/engine")
    Map<String, Object> engine() {
      ErrorResponseException refused = new ErrorResponseException(HttpStatus.SERVICE_UNAVAILABLE);
      refused.getBody().setDetail("shutting down");
      refused.getBody().setProperty("code", "UNAVAILABLE");
      refused.getHeaders().set(HttpHeaders.RETRY_AFTER, "1");
      throw refused;
    }

    /** An ErrorResponse that says no code. */
    @GetMapping("/test/uncoded")
    Map<String, Object> uncoded() {
      throw new ErrorResponseException(HttpStatus.CONFLICT);
    }

    /** A defect: a library's message must not reach the client. */
    @GetMapping("/test/broken")
    Map<String, Object> broken() {
      throw new IllegalArgumentException("Invalid UUID string: select * from secrets");
    }

    @GetMapping("/test/items/{id}")
    Map<String, Object> item(@PathVariable long id) {
      return Map.of("id", id);
    }

    @PostMapping("/test/orders")
    @OrderRefusals
    Map<String, Object> order(@Valid @RequestBody Order order) {
      return Map.of("ok", true);
    }
  }
}
