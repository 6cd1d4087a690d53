package dev.app.taskrow;

import dev.dongchimi.DemoData;
import dev.platform.accounts.AccountProvisioning;
import dev.platform.accounts.Role;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;

/**
 * A demo operator (the ADMIN role) and a demo read-only operator (the OPERATOR role: sees the
 * dashboard, acts on nothing) wherever 동치미's demo data is seeded (the embedded default), so the
 * start page's link to the task dashboard works at once. Never created with a configured database:
 * an operator there is granted ADMIN or OPERATOR in the database by another operator.
 */
@Component
public class DemoOperator implements ApplicationRunner {
  public static final String EMAIL = "ops@demo.taskrow";
  public static final String PASSWORD = DemoData.PASSWORD;
  public static final String VIEWER_EMAIL = "viewer@demo.taskrow";

  private final ObjectProvider<DemoData> demoData;
  private final AccountProvisioning accounts;

  DemoOperator(ObjectProvider<DemoData> demoData, AccountProvisioning accounts) {
    this.demoData = demoData;
    this.accounts = accounts;
  }

  @Override
  public void run(ApplicationArguments args) {
    if (demoData.getIfAvailable() != null) {
      accounts.ensureAccount(EMAIL, PASSWORD, Role.ADMIN);
      accounts.ensureAccount(VIEWER_EMAIL, PASSWORD, Role.OPERATOR);
    }
  }
}
