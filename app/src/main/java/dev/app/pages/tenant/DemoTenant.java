package dev.app.pages.tenant;

import dev.dongchimi.DemoData;
import dev.dungji.nest.NestForm;
import dev.dungji.nest.NestService;
import dev.platform.accounts.AccountProvisioning;
import dev.platform.accounts.Role;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;

/**
 * A demo tenant with one nest, wherever 동치미's demo data is seeded (the embedded default), so the
 * start page's third experience works at once. Idempotent: a nest is added only to an empty list.
 */
@Component
public class DemoTenant implements ApplicationRunner {
  public static final String EMAIL = "tenant@demo.dungji";
  public static final String PASSWORD = DemoData.PASSWORD;

  private final ObjectProvider<DemoData> demoData;
  private final AccountProvisioning accounts;
  private final NestService nests;

  DemoTenant(ObjectProvider<DemoData> demoData, AccountProvisioning accounts, NestService nests) {
    this.demoData = demoData;
    this.accounts = accounts;
    this.nests = nests;
  }

  @Override
  public void run(ApplicationArguments args) {
    if (demoData.getIfAvailable() == null) {
      return;
    }
    long tenant = accounts.ensureAccount(EMAIL, PASSWORD, Role.CUSTOMER);
    if (nests.list(tenant).isEmpty()) {
      nests.create(
          tenant,
          new NestForm("역삼동 전세 후보", "서울특별시 강남구 역삼동 123-45", "1146-2006-012345", "101", "1203"));
    }
  }
}
