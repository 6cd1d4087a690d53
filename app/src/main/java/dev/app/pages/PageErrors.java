package dev.app.pages;

import dev.platform.web.ApiProblem;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;

/**
 * A refusal of a service behind a page (someone else's nest: 403, a missing mart: 404) is shown as
 * a page with the same status, not as the API's problem+json. Ordered before the platform's
 * advices, and only for the pages' controllers.
 */
@ControllerAdvice(basePackages = "dev.app.pages")
@Order(Ordered.HIGHEST_PRECEDENCE)
class PageErrors {
  @ExceptionHandler(ApiProblem.class)
  String refused(ApiProblem problem, HttpServletResponse response, Model model) {
    int status = problem.status().value();
    response.setStatus(status);
    model.addAttribute("status", status);
    model.addAttribute("code", problem.code());
    return "pages/error";
  }
}
