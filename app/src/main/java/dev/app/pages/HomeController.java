package dev.app.pages;

import dev.dongchimi.DemoData;
import dev.platform.accounts.Role;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

/**
 * The start page leads a newcomer to the three experiences; on the embedded default (demo data) it
 * also lists the demo accounts. And the sign-in form the browser chain posts to.
 */
@Controller
class HomeController {
  private final boolean demo;

  HomeController(ObjectProvider<DemoData> demoData) {
    // The demo accounts exist, and are shown, only where the demo data is seeded.
    this.demo = demoData.getIfAvailable() != null;
  }

  record DemoAccount(String email, String password, String roleKey) {}

  @GetMapping("/")
  String home(Model model, HttpServletRequest request) {
    // The operators' own pages are offered to operators only: a shopper has nothing to do there.
    model.addAttribute(
        "operator",
        request.isUserInRole(Role.ADMIN.name()) || request.isUserInRole(Role.OPERATOR.name()));
    if (demo) {
      model.addAttribute(
          "demoAccounts",
          java.util.List.of(
              new DemoAccount(DemoData.CUSTOMER, DemoData.PASSWORD, "role.customer"),
              new DemoAccount(DemoData.OWNER, DemoData.PASSWORD, "role.owner"),
              new DemoAccount(
                  dev.app.pages.tenant.DemoTenant.EMAIL,
                  dev.app.pages.tenant.DemoTenant.PASSWORD,
                  "role.tenant"),
              new DemoAccount(
                  dev.app.taskrow.DemoOperator.EMAIL,
                  dev.app.taskrow.DemoOperator.PASSWORD,
                  "role.operator"),
              new DemoAccount(
                  dev.app.taskrow.DemoOperator.VIEWER_EMAIL,
                  dev.app.taskrow.DemoOperator.PASSWORD,
                  "role.viewer")));
    }
    return "pages/home";
  }

  @GetMapping("/login")
  String login() {
    return "pages/login";
  }
}
