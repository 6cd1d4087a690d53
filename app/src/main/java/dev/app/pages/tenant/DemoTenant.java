package dev.app.pages.tenant;

import dev.dongchimi.DemoData;
import dev.dungji.nest.Nest;
import dev.dungji.nest.NestForm;
import dev.dungji.nest.NestService;
import dev.dungji.watch.WatchForm;
import dev.dungji.watch.WatchService;
import dev.platform.accounts.AccountProvisioning;
import dev.platform.accounts.Role;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;

/**
 * A demo tenant wherever 동치미's demo data is seeded (the embedded default), so the start page's
 * third experience works at once: one nest per sandbox register profile (each outcome the analysis
 * can show), one watched nest whose register changes at its next issuance, and — newest, so first
 * in the list — the nest the start page opens. Idempotent: nests are added only to an empty list.
 */
@Component
public class DemoTenant implements ApplicationRunner {
  public static final String EMAIL = "tenant@demo.dungji";
  public static final String PASSWORD = DemoData.PASSWORD;

  private final ObjectProvider<DemoData> demoData;
  private final AccountProvisioning accounts;
  private final NestService nests;
  private final ObjectProvider<WatchService> watches;

  /** Name, sandbox markers, address: one nest per register profile of the sandbox issuer. */
  static final List<String[]> PROFILES =
      List.of(
          new String[] {"깨끗한 집", "[register:clean,seed=1]", "서울특별시 마포구 성산동 101"},
          new String[] {"근저당 많은 집", "[register:mortgaged,seed=2]", "서울특별시 마포구 성산동 102"},
          new String[] {"압류된 집", "[register:seized,seed=5]", "서울특별시 마포구 성산동 103"},
          new String[] {"신탁된 집", "[register:trust,seed=4]", "서울특별시 마포구 성산동 104"},
          new String[] {"경매 중인 집", "[register:auction,seed=6]", "서울특별시 마포구 성산동 105"},
          new String[] {"임차권등기 집", "[register:lease-order,seed=7]", "서울특별시 마포구 성산동 106"},
          new String[] {"말소 이력 긴 집", "[register:long-history,seed=9]", "서울특별시 마포구 성산동 107"},
          new String[] {
            "여러 장짜리 집", "[register:long-history,seed=3]", "서울특별시 마포구 성산동 108 한빛아파트 상가동 부속건물"
          },
          new String[] {
            "대지권 미등기 집합건물", "[register:clean,collective,no-land-right,seed=8]", "서울특별시 마포구 성산동 109"
          },
          new String[] {"단독주택(건물)", "[register:mortgaged,building,seed=10]", "서울특별시 마포구 성산동 110"},
          new String[] {"토지", "[register:clean,land,seed=12]", "서울특별시 마포구 성산동 111"},
          new String[] {
            "스캔본 집", "[register:seized,seed=13] [sandbox:scanned]", "서울특별시 마포구 성산동 112"
          });

  DemoTenant(
      ObjectProvider<DemoData> demoData,
      AccountProvisioning accounts,
      NestService nests,
      ObjectProvider<WatchService> watches) {
    this.demoData = demoData;
    this.accounts = accounts;
    this.nests = nests;
    this.watches = watches;
  }

  @Override
  public void run(ApplicationArguments args) {
    if (demoData.getIfAvailable() == null) {
      return;
    }
    long tenant = accounts.ensureAccount(EMAIL, PASSWORD, Role.CUSTOMER);
    if (nests.list(tenant).isEmpty()) {
      for (String[] profile : PROFILES) {
        nests.create(
            tenant, new NestForm(profile[0] + " " + profile[1], profile[2], null, "101", "1203"));
      }
      Nest watched =
          nests.create(
              tenant,
              new NestForm(
                  "지켜보는 집 [register:clean,seed=11,changes=3]",
                  "서울특별시 마포구 월드컵북로 396",
                  null,
                  "102",
                  "802"));
      // Daily until a month on: the first scan issues the first certificate, the next day's the
      // second, whose new 근저당 is the change the tenant is told of.
      watches.ifAvailable(
          w ->
              w.start(
                  tenant,
                  watched.id(),
                  new WatchForm(1, LocalDate.now(ZoneId.of("Asia/Seoul")).plusDays(30))));
      nests.create(
          tenant,
          new NestForm("역삼동 전세 후보", "서울특별시 강남구 역삼동 123-45", "1146-2006-012345", "101", "1203"));
    }
  }
}
