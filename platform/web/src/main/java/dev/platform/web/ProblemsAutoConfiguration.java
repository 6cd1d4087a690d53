package dev.platform.web;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one error model for every module's API: the advices, the writer for filters, the JSON body
 * limit and the OpenAPI schema. Before Spring MVC's auto-configuration looks for a {@code
 * ResponseEntityExceptionHandler}: found ({@link FallbackProblemAdvice}), Spring Boot's own
 * problem-details handler (which adds no {@code code} and would answer first) is not created.
 */
@AutoConfiguration(
    beforeName = "org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration")
@Import({ApiProblemAdvice.class, FallbackProblemAdvice.class})
@EnableConfigurationProperties(WebProperties.class)
public class ProblemsAutoConfiguration {

  @Bean
  ProblemWriter problemWriter(ObjectProvider<JsonMapper> json) {
    return new ProblemWriter(json.getIfAvailable(() -> JsonMapper.builder().build()));
  }

  /** Before anything reads a body: see {@link JsonBodyLimitFilter}. */
  @Bean
  FilterRegistrationBean<JsonBodyLimitFilter> jsonBodyLimitFilter(
      WebProperties properties, ProblemWriter problems) {
    var registration =
        new FilterRegistrationBean<>(
            new JsonBodyLimitFilter(properties.maxJsonBody().toBytes(), problems));
    registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
    return registration;
  }

  /** Where the application publishes an OpenAPI document (springdoc). */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "org.springdoc.core.customizers.OpenApiCustomizer")
  static class Documentation {
    @Bean
    ProblemDocumentation problemDocumentation() {
      return new ProblemDocumentation();
    }
  }
}
