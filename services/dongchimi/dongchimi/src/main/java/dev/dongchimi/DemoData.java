package dev.dongchimi;

import dev.platform.accounts.AccountProvisioning;
import dev.platform.accounts.Role;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.util.StringUtils;

/**
 * A believable neighbourhood for a newcomer: marts around four Seoul districts, an active and an
 * expired flyer each, products on sale, a demo customer and a demo owner. Runs at start-up on the
 * embedded default (no {@code spring.datasource.url}) or with {@code dongchimi.demo-data=true};
 * never with {@code dongchimi.demo-data=false}. Idempotent: marts and accounts are created once;
 * products are upserted again on every start with sale windows around today, so the demo never goes
 * stale.
 */
public class DemoData implements ApplicationRunner {
  public static final String CUSTOMER = "customer@demo.dongchimi";
  public static final String OWNER = "owner@demo.dongchimi";
  public static final String PASSWORD = "demo1234!";
  private static final Logger log = LoggerFactory.getLogger(DemoData.class);

  private record District(String name, double lat, double lng) {}

  private static final List<District> DISTRICTS =
      List.of(
          new District("강남역", 37.4979, 127.0276),
          new District("홍대입구", 37.5572, 126.9245),
          new District("잠실", 37.5133, 127.1001),
          new District("노원", 37.6542, 127.0568));

  private static final String[] MARTS = {"행복마트", "싱싱마트", "알뜰마트", "우리동네마트", "새벽마트", "푸른마트"};

  private record Item(String rawName, String category, int price) {}

  private static final List<Item> ITEMS =
      List.of(
          new Item("[행사] 성주 참외 1.5kg", "FRUIT", 12900),
          new Item("청송 사과 2kg", "FRUIT", 15900),
          new Item("제주 감귤 3kg", "FRUIT", 13900),
          new Item("바나나 1.2kg", "FRUIT", 4980),
          new Item("깐마늘 500g", "VEGETABLE", 6980),
          new Item("양파 3kg", "VEGETABLE", 5980),
          new Item("대파 1kg", "VEGETABLE", 3480),
          new Item("애호박 300g", "VEGETABLE", 1980),
          new Item("햅쌀 10kg", "GRAIN_NUT", 32900),
          new Item("구운 아몬드 400g", "GRAIN_NUT", 11900),
          new Item("한돈 삼겹살 500g", "MEAT_EGG", 14900),
          new Item("1등급 무항생제 계란 30구", "MEAT_EGG", 9980),
          new Item("한우 불고기 300g", "MEAT_EGG", 17900),
          new Item("손질 고등어 2마리", "SEAFOOD", 7980),
          new Item("국산 생물 오징어 2마리", "SEAFOOD", 9900),
          new Item("서울우유 1L", "DAIRY", 3180),
          new Item("매일 바이오 요거트 400g", "DAIRY", 4280),
          new Item("풀무원 국산콩 두부 300g", "TOFU_KIMCHI", 2980),
          new Item("종가 포기김치 3kg", "TOFU_KIMCHI", 24900),
          new Item("신라면 120g x 5", "NOODLE", 4980),
          new Item("오뚜기 진라면 순한맛 120g x 5", "NOODLE", 3980),
          new Item("햇반 210g x 12", "READY_MEAL", 14900),
          new Item("비비고 왕교자 1.05kg", "FROZEN", 11980),
          new Item("새우깡 90g", "SNACK", 1500),
          new Item("초코파이 468g", "SNACK", 5280),
          new Item("제주 삼다수 2L x 6", "BEVERAGE", 6480),
          new Item("맥심 모카골드 커피믹스 12g x 100", "BEVERAGE", 15980),
          new Item("참이슬 후레쉬 360ml", "ALCOHOL", 1950),
          new Item("해찬들 고추장 1kg", "SAUCE_OIL", 10980),
          new Item("CJ 백설 식용유 1.8L", "SAUCE_OIL", 8980),
          new Item("우유식빵 420g", "BAKERY", 3980),
          new Item("페리오 치약 150g x 3", "HOUSEHOLD", 6900),
          new Item("테크 액체세제 3L", "HOUSEHOLD", 12900));

  private final Catalog catalog;
  private final AccountProvisioning accounts;
  private final JdbcClient jdbc;

  DemoData(Catalog catalog, AccountProvisioning accounts, JdbcClient jdbc) {
    this.catalog = catalog;
    this.accounts = accounts;
    this.jdbc = jdbc;
  }

  @Override
  public void run(ApplicationArguments args) {
    seed();
  }

  /** Seeds (or refreshes) the demo neighbourhood; returns the demo owner's marts. */
  public List<Mart> seed() {
    accounts.ensureAccount(CUSTOMER, PASSWORD, Role.CUSTOMER);
    long owner = accounts.ensureAccount(OWNER, PASSWORD, Role.MART_OWNER);
    LocalDate today = catalog.today();
    List<Mart> marts = catalog.martsOwnedBy(owner);
    boolean first = marts.isEmpty();
    if (first) {
      marts = createMarts(owner, today);
    }
    Random random = new Random(42);
    for (Mart mart : marts) {
      List<ProductInput> products = new ArrayList<>();
      for (Item item : ITEMS) {
        if (random.nextInt(10) < 2) {
          continue; // not every mart sells everything
        }
        int regular = roundTo10(item.price() * (90 + random.nextInt(21)) / 100);
        boolean sale = random.nextInt(10) < 6;
        int salePrice = roundTo10(regular * (55 + random.nextInt(40)) / 100);
        int startOffset = sale ? -random.nextInt(4) : 1 + random.nextInt(3);
        products.add(
            new ProductInput(
                item.rawName(),
                null,
                item.category(),
                regular,
                sale || startOffset > 0 ? salePrice : null,
                null,
                null,
                null,
                null,
                today.plusDays(startOffset),
                today.plusDays(startOffset + 2 + random.nextInt(6)),
                null));
      }
      catalog.upsertProducts(mart.id(), products);
      ensureActiveFlyer(mart, today);
    }
    log.info(
        "dongchimi: demo data ready — {} marts; sign in as {} or {} with password {}",
        marts.size(),
        CUSTOMER,
        OWNER,
        PASSWORD);
    return marts;
  }

  private List<Mart> createMarts(long owner, LocalDate today) {
    Random random = new Random(7);
    List<Mart> marts = new ArrayList<>();
    for (District district : DISTRICTS) {
      for (int i = 0; i < MARTS.length; i++) {
        // Within about 1.5 km of the district's centre.
        double lat = district.lat() + (random.nextDouble() - 0.5) * 0.027;
        double lng = district.lng() + (random.nextDouble() - 0.5) * 0.034;
        Mart mart =
            catalog.createMart(
                owner,
                new MartInput(
                    district.name() + " " + MARTS[i],
                    "서울특별시 " + district.name() + " 인근 " + (i + 1) + "번지",
                    Math.round(lat * 1e6) / 1e6,
                    Math.round(lng * 1e6) / 1e6,
                    "02-" + (300 + i * 37) + "-" + (1000 + random.nextInt(9000)),
                    "매일 09:00-22:00",
                    i % 2 == 0 ? "둘째·넷째 일요일" : "연중무휴"));
        marts.add(mart);
        // An expired flyer, kept for history (hidden by default).
        insertFlyer(mart.id(), "지난주 전단", today.minusDays(10), today.minusDays(4));
      }
    }
    // A fake discount to find in the price history: the regular price went up just before a sale.
    Mart first = marts.getFirst();
    catalog.upsertProducts(
        first.id(),
        List.of(
            new ProductInput(
                "한돈 삼겹살 500g",
                null,
                "MEAT_EGG",
                12900,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null)));
    return marts;
  }

  private void ensureActiveFlyer(Mart mart, LocalDate today) {
    long active =
        jdbc.sql(
                """
                select count(*) from dongchimi_flyer
                 where mart_id = :mart and valid_from <= :today and valid_to >= :today
                """)
            .param("mart", mart.id())
            .param("today", today)
            .query(Long.class)
            .single();
    if (active == 0) {
      insertFlyer(mart.id(), "이번 주 특가 전단", today.minusDays(1), today.plusDays(5));
    }
  }

  private void insertFlyer(long martId, String title, LocalDate from, LocalDate to) {
    jdbc.sql(
            """
            insert into dongchimi_flyer (mart_id, title, valid_from, valid_to)
            values (:mart, :title, :from, :to)
            """)
        .param("mart", martId)
        .param("title", title)
        .param("from", from)
        .param("to", to)
        .update();
  }

  private static int roundTo10(int price) {
    return Math.max(10, (price / 10) * 10);
  }

  /**
   * {@code dongchimi.demo-data} decides; unset, demo data comes with the embedded database. A
   * condition runs before any bean exists, so it binds {@link DongchimiProperties} itself.
   */
  static class Wanted extends SpringBootCondition {
    @Override
    public ConditionOutcome getMatchOutcome(
        ConditionContext context, AnnotatedTypeMetadata metadata) {
      Boolean explicit =
          Binder.get(context.getEnvironment())
              .bindOrCreate("dongchimi", DongchimiProperties.class)
              .demoData();
      if (explicit != null) {
        return explicit
            ? ConditionOutcome.match("dongchimi.demo-data=true")
            : ConditionOutcome.noMatch("dongchimi.demo-data=false");
      }
      return StringUtils.hasText(context.getEnvironment().getProperty("spring.datasource.url"))
          ? ConditionOutcome.noMatch("a database is configured")
          : ConditionOutcome.match("embedded default database");
    }
  }
}
