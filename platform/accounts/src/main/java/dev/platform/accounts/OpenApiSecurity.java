package dev.platform.accounts;

import dev.platform.web.ProblemDocumentation;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springdoc.core.utils.SpringDocUtils;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The bearer scheme in the OpenAPI document, required by default, so Swagger UI can authorize; and
 * the 401 {@code UNAUTHENTICATED} of every operation that needs it.
 */
@Configuration(proxyBeanMethods = false)
class OpenApiSecurity {
  static final String SCHEME = "bearer";

  static {
    // The caller comes from the bearer token: not a parameter a client sends (nor can get wrong).
    SpringDocUtils.getConfig().addRequestWrapperToIgnore(CurrentUser.class);
  }

  @Bean
  OpenApiCustomizer bearerSecurityScheme() {
    return openApi -> {
      if (openApi.getComponents() == null) {
        openApi.setComponents(new Components());
      }
      openApi
          .getComponents()
          .addSecuritySchemes(
              SCHEME,
              new SecurityScheme()
                  .type(SecurityScheme.Type.HTTP)
                  .scheme("bearer")
                  .bearerFormat("JWT")
                  .description("POST /auth/login, then paste access_token here."));
      openApi.addSecurityItem(new SecurityRequirement().addList(SCHEME));
      if (openApi.getPaths() == null) {
        return;
      }
      for (PathItem path : openApi.getPaths().values()) {
        for (Operation operation : path.readOperations()) {
          // No security of its own: the document's, the bearer token (public ones declare none).
          if (operation.getSecurity() == null) {
            ProblemDocumentation.document(operation, 401, SecurityProblems.UNAUTHENTICATED);
          }
        }
      }
    };
  }
}
