package dev.platform.accounts;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.context.annotation.Import;

/**
 * Registers {@link FallbackProblemAdvice} before Spring MVC's auto-configuration looks for a {@code
 * ResponseEntityExceptionHandler}: found, Spring Boot's own problem-details handler (which adds no
 * {@code code} and would answer first) is not created.
 */
@AutoConfiguration(
    beforeName = "org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration")
@Import(FallbackProblemAdvice.class)
public class ProblemsAutoConfiguration {}
