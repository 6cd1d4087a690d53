package dev.platform.accounts;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The bearer scheme in the OpenAPI document, required by default, so Swagger UI can authorize. */
@Configuration(proxyBeanMethods = false)
class OpenApiSecurity {
  static final String SCHEME = "bearer";

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
    };
  }
}
