package dev.app;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The title and description of /v3/api-docs and the Swagger UI. */
@Configuration(proxyBeanMethods = false)
class OpenApiConfiguration {

  @Bean
  OpenAPI taskrowOpenApi() {
    return new OpenAPI()
        .info(
            new Info()
                .title("taskrow")
                .version("0.1.0")
                .description(
                    "A durable task engine on PostgreSQL — one user request is one task row —"
                        + " and the services built on it."));
  }
}
