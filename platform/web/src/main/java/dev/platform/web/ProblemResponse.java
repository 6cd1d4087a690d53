package dev.platform.web;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Documents a refusal of an endpoint: with this status it answers problem+json with one of these
 * codes. On a controller class it holds for each of its endpoints. {@link ProblemDocumentation}
 * turns it into the operation's response in the OpenAPI document, with the one Problem schema; the
 * refusals every endpoint shares (400 INVALID_REQUEST, 413, 500 INTERNAL, and the account system's
 * 401) are added there and need no annotation.
 *
 * <p>{@code @ProblemResponse(status = 404, codes = "NEST_NOT_FOUND")}. Refusals several endpoints
 * share (those of one input type) can be declared once on an annotation of their own, which the
 * endpoints then carry: it is found as a meta-annotation.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
@Repeatable(ProblemResponse.List.class)
public @interface ProblemResponse {
  /** The HTTP status, e.g. 404. */
  int status();

  /** The stable codes answered with that status, e.g. {@code NEST_NOT_FOUND}. */
  String[] codes();

  /** Several refusals of one endpoint or controller (written as repeated annotations). */
  @Documented
  @Retention(RetentionPolicy.RUNTIME)
  @Target({ElementType.METHOD, ElementType.TYPE})
  @interface List {
    ProblemResponse[] value();
  }
}
