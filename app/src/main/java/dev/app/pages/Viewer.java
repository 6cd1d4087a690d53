package dev.app.pages;

import dev.platform.accounts.SessionUser;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;

/** What every page's header needs: who is signed in, and the path for the language switch. */
@ControllerAdvice(basePackages = "dev.app.pages")
class Viewer {
  @ModelAttribute("viewer")
  SessionUser viewer() {
    Authentication auth = SecurityContextHolder.getContext().getAuthentication();
    return auth != null && auth.getPrincipal() instanceof SessionUser user ? user : null;
  }

  @ModelAttribute("currentPath")
  String currentPath(HttpServletRequest request) {
    return request.getRequestURI();
  }
}
