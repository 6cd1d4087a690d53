package dev.platform.web;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.http.HttpStatus;
import org.springframework.web.method.HandlerMethod;

/**
 * The errors of the OpenAPI document: one {@code Problem} schema, and every operation's refusals as
 * {@code application/problem+json} responses of that schema, each naming its codes in {@code
 * x-problem-codes}. An operation's own refusals come from its {@link ProblemResponse}s; those every
 * operation shares are added here: 500 {@code INTERNAL}; with parameters or a body, 400 {@code
 * INVALID_REQUEST}; with a JSON body, 413 {@code PAYLOAD_TOO_LARGE}; with a multipart one, 413
 * {@code FILE_TOO_LARGE}. Last, any other 4xx or 5xx response (an {@code @ApiResponse} written by
 * hand) is given the Problem schema too, so a client can read every error one way.
 */
public class ProblemDocumentation implements OperationCustomizer, OpenApiCustomizer {
  public static final String SCHEMA = "Problem";
  public static final String CODES = "x-problem-codes";
  static final String SCHEMA_REF = "#/components/schemas/" + SCHEMA;

  @Override
  public Operation customize(Operation operation, HandlerMethod handler) {
    List<ProblemResponse> declared = new ArrayList<>();
    declared.addAll(
        AnnotatedElementUtils.findMergedRepeatableAnnotations(
            handler.getBeanType(), ProblemResponse.class));
    declared.addAll(
        AnnotatedElementUtils.findMergedRepeatableAnnotations(
            handler.getMethod(), ProblemResponse.class));
    for (ProblemResponse problem : declared) {
      document(operation, problem.status(), problem.codes());
    }
    boolean takesInput =
        (operation.getParameters() != null && !operation.getParameters().isEmpty())
            || operation.getRequestBody() != null;
    if (takesInput) {
      document(operation, 400, "INVALID_REQUEST");
    }
    Content body =
        operation.getRequestBody() == null ? null : operation.getRequestBody().getContent();
    if (body != null && body.keySet().stream().anyMatch(type -> type.contains("json"))) {
      document(operation, 413, JsonBodyLimitFilter.CODE);
    }
    if (body != null
        && body.containsKey(org.springframework.http.MediaType.MULTIPART_FORM_DATA_VALUE)) {
      document(operation, 413, "FILE_TOO_LARGE");
    }
    document(operation, 500, "INTERNAL");
    return operation;
  }

  /**
   * Adds {@code codes} to the operation's problem response of {@code status} (made if missing). For
   * modules that know of a refusal shared by many operations, e.g. the account system's 401.
   */
  public static void document(Operation operation, int status, String... codes) {
    if (operation.getResponses() == null) {
      operation.setResponses(new ApiResponses());
    }
    String key = Integer.toString(status);
    ApiResponse response = operation.getResponses().get(key);
    if (response == null) {
      response = new ApiResponse();
      operation.getResponses().addApiResponse(key, response);
    }
    Set<String> all = new LinkedHashSet<>(codesOf(response));
    all.addAll(List.of(codes));
    response.addExtension(CODES, List.copyOf(all));
    response.setDescription(reason(status) + ": " + String.join(", ", all));
    response.setContent(problemContent());
  }

  @Override
  public void customise(OpenAPI openApi) {
    if (openApi.getComponents() == null) {
      openApi.setComponents(new Components());
    }
    openApi.getComponents().addSchemas(SCHEMA, problemSchema());
    if (openApi.getPaths() == null) {
      return;
    }
    for (PathItem path : openApi.getPaths().values()) {
      for (Operation operation : path.readOperations()) {
        if (operation.getResponses() == null) {
          continue;
        }
        for (Map.Entry<String, ApiResponse> response : operation.getResponses().entrySet()) {
          if (response.getKey().startsWith("4") || response.getKey().startsWith("5")) {
            response.getValue().setContent(problemContent());
          }
        }
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static List<String> codesOf(ApiResponse response) {
    Object codes = response.getExtensions() == null ? null : response.getExtensions().get(CODES);
    return codes instanceof List<?> list ? (List<String>) list : List.of();
  }

  private static String reason(int status) {
    HttpStatus known = HttpStatus.resolve(status);
    return known != null ? known.getReasonPhrase() : "HTTP " + status;
  }

  private static Content problemContent() {
    return new Content()
        .addMediaType(
            org.springframework.http.MediaType.APPLICATION_PROBLEM_JSON_VALUE,
            new MediaType().schema(new Schema<>().$ref(SCHEMA_REF)));
  }

  /** The shape {@link Problems} builds. */
  @SuppressWarnings("rawtypes")
  static Schema problemSchema() {
    Schema<?> invalidField =
        new ObjectSchema()
            .addProperty("field", new StringSchema().description("요청 JSON의 필드 이름 (the field)"))
            .addProperty("message", new StringSchema().description("무엇이 틀렸는지 (what is wrong)"));
    return new ObjectSchema()
        .description(
            "RFC 9457 문제 상세: 모든 오류 응답의 형태. 구분은 code로 합니다."
                + " (RFC 9457 problem details: the shape of every error; tell them apart by code.)")
        .addProperty(
            "type",
            new StringSchema()
                .format("uri")
                .description("항상 about:blank (always about:blank: the status says it all)")
                .example("about:blank"))
        .addProperty(
            "title", new StringSchema().description("HTTP 상태의 이름 (the status's reason phrase)"))
        .addProperty("status", new IntegerSchema().description("HTTP 상태 코드 (the HTTP status)"))
        .addProperty("detail", new StringSchema().description("사람이 읽는 설명 (for a human)"))
        .addProperty(
            "instance",
            new StringSchema().format("uri-reference").description("요청한 경로 (the request's path)"))
        .addProperty(
            "code",
            new StringSchema()
                .description("바뀌지 않는 기계용 코드 (the stable machine-readable code)")
                .example("NOT_FOUND"))
        .addProperty(
            Problems.ERRORS,
            new ArraySchema()
                .items(invalidField)
                .description("검증 실패일 때만: 틀린 필드들 (validation failures only)"))
        .required(List.of("type", "title", "status", "detail", "instance", "code"));
  }
}
