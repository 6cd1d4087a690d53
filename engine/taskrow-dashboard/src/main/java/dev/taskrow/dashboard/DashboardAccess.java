package dev.taskrow.dashboard;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import org.springframework.http.HttpMethod;
import org.springframework.web.servlet.HandlerInterceptor;

/**
 * Who may see and who may act, decided on every dashboard request from the servlet API alone
 * ({@code getUserPrincipal}, {@code isUserInRole}), which Spring Security fills in (and any other
 * servlet security would): the dashboard needs no security library of its own.
 *
 * <ul>
 *   <li>no principal: 401 — the application should have sent the visitor to its login first (see
 *       the README: require authentication for the dashboard's path);
 *   <li>neither role: 403;
 *   <li>the viewer role: every GET, and 403 for anything else;
 *   <li>the admin role: everything.
 * </ul>
 *
 * <p>It also sets the pages' Content-Security-Policy: scripts and styles from the dashboard only,
 * no inline code, no framing.
 */
final class DashboardAccess implements HandlerInterceptor {
  static final String CONTENT_SECURITY_POLICY =
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
          + " form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

  private final DashboardProperties properties;
  private final DashboardLabels labels;

  DashboardAccess(DashboardProperties properties, DashboardLabels labels) {
    this.properties = properties;
    this.labels = labels;
  }

  @Override
  public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler)
      throws IOException {
    response.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    response.setHeader("X-Content-Type-Options", "nosniff");
    if (request
        .getRequestURI()
        .startsWith(request.getContextPath() + properties.getPath() + "/assets/")) {
      return true; // the CSS and JS: nothing to hide, and a login page may use them
    }
    Principal principal = request.getUserPrincipal();
    if (principal == null) {
      return refuse(request, response, HttpServletResponse.SC_UNAUTHORIZED, "access.login");
    }
    boolean admin = request.isUserInRole(properties.getAdminRole());
    boolean viewer = admin || request.isUserInRole(properties.getViewerRole());
    if (!viewer) {
      return refuse(request, response, HttpServletResponse.SC_FORBIDDEN, "access.forbidden");
    }
    if (!admin && !isRead(request)) {
      return refuse(request, response, HttpServletResponse.SC_FORBIDDEN, "access.readOnly");
    }
    request.setAttribute(DashboardUser.ATTRIBUTE, new DashboardUser(principal.getName(), admin));
    return true;
  }

  private static boolean isRead(HttpServletRequest request) {
    String method = request.getMethod();
    return HttpMethod.GET.matches(method) || HttpMethod.HEAD.matches(method);
  }

  /** A short plain answer: the refusal must not depend on the error pages of the application. */
  private boolean refuse(
      HttpServletRequest request, HttpServletResponse response, int status, String key)
      throws IOException {
    response.setStatus(status);
    response.setContentType("text/plain;charset=UTF-8");
    response
        .getOutputStream()
        .write(labels.forRequest(request).get(key).getBytes(StandardCharsets.UTF_8));
    return false;
  }
}
