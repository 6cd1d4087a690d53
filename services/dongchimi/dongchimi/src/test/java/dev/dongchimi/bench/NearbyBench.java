package dev.dongchimi.bench;

import dev.dongchimi.Catalog;
import dev.dongchimi.DealSort;
import dev.dongchimi.category.Category;
import dev.dongchimi.testing.AppMigrations;
import dev.taskrow.test.TestDatabase;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The nearby queries on 50,000 marts and 1,000,000 products around Seoul: p50 and p99 of the
 * nearby-marts and deals queries at 1 km and 3 km, through the same code the API runs, beside the
 * floor of any query (one {@code select 1} round trip through the same client and pool). Not a
 * test; run {@code services/dongchimi/dongchimi/bench.sh [--smoke]}.
 */
public final class NearbyBench {
  private static final int PRODUCTS_PER_MART = 20;
  // Seoul, roughly: 28 km north-south, 33 km east-west (~55 marts per km²).
  private static final double MIN_LAT = 37.45, LAT_SPAN = 0.25, MIN_LNG = 126.80, LNG_SPAN = 0.38;
  private static final String USAGE =
      """
      Usage: services/dongchimi/dongchimi/bench.sh [--smoke]
        (none)    50,000 marts, 1,000,000 products, 2,000 queries per line after 300 warm-up
        --smoke   seconds, not minutes: 1,000 marts, 20,000 products, 100 queries after 20 warm-up;
                  the same queries and floor, to prove the command works (no measurement)
      """;

  /** How big a run is: the full benchmark, or the same code on tiny sizes (--smoke). */
  private record Size(int marts, int warmUp, int runs) {}

  private static final Size FULL = new Size(50_000, 300, 2_000);
  private static final Size SMOKE = new Size(1_000, 20, 100);

  private static Size size;
  private static double floorP50 = Double.NaN; // until measured, first

  private NearbyBench() {}

  public static void main(String[] args) throws Exception {
    List<String> options = List.of(args);
    if (options.contains("--help")) {
      System.out.print(USAGE);
      return;
    }
    if (!List.of("--smoke").containsAll(options)) {
      System.err.print("unknown option in " + options + "\n" + USAGE);
      System.exit(2);
    }
    size = options.contains("--smoke") ? SMOKE : FULL;
    DataSource dataSource = TestDatabase.dataSource();
    AppMigrations.migrate(dataSource);
    ZoneId seoul = ZoneId.of("Asia/Seoul");
    Clock clock = Clock.systemUTC();
    LocalDate today = LocalDate.now(clock.withZone(seoul));
    long start = System.nanoTime();
    generate(dataSource, today);
    System.out.printf(
        "generated %,d marts and %,d products in %.1f s%s%n",
        size.marts(),
        size.marts() * PRODUCTS_PER_MART,
        (System.nanoTime() - start) / 1e9,
        size == SMOKE ? " (--smoke: tiny sizes, the figures are no measurement)" : "");

    Catalog catalog = Catalog.on(dataSource, clock, seoul);
    JdbcClient jdbc = JdbcClient.create(dataSource);
    Random random = new Random(1);
    Supplier<double[]> point =
        () ->
            new double[] {
              MIN_LAT + 0.03 + random.nextDouble() * (LAT_SPAN - 0.06),
              MIN_LNG + 0.04 + random.nextDouble() * (LNG_SPAN - 0.08)
            };
    System.out.printf(
        "%-40s %8s %8s %8s %10s %9s%n",
        "query", "p50 ms", "p99 ms", "max ms", "rows avg", "÷ floor");
    // The least any query here costs: a connection from the pool and one round trip. Printed in
    // the same run, so a query's ratio to it reads off one table whatever the machine.
    floorP50 = measure("floor: select 1", () -> jdbc.sql("select 1").query(Integer.class).single());
    for (int radius : new int[] {1000, 3000}) {
      measure(
          "nearby marts, limit 20, r=" + radius,
          () -> {
            double[] p = point.get();
            return catalog.nearby(p[0], p[1], radius, 20).size();
          });
      deals(catalog, point, "deals by discount, 20", radius, null, null, DealSort.DISCOUNT, 0);
      deals(catalog, point, "deals by distance, 20", radius, null, null, DealSort.DISTANCE, 0);
      deals(catalog, point, "deals by price, 20", radius, null, null, DealSort.PRICE, 0);
      deals(catalog, point, "deals by price, 20, page 2", radius, null, null, DealSort.PRICE, 2);
      deals(
          catalog,
          point,
          "deals MEAT_EGG, 20",
          radius,
          Category.MEAT_EGG,
          null,
          DealSort.DISCOUNT,
          0);
      deals(catalog, point, "deals q=삼겹살, 20", radius, null, "삼겹살", DealSort.DISCOUNT, 0);
      deals(catalog, point, "deals q=삼겹살 by price, 20", radius, null, "삼겹살", DealSort.PRICE, 0);
    }
    System.exit(0);
  }

  /** Deals as the API asks for page {@code page} of 20: one more row tells whether more follow. */
  private static void deals(
      Catalog catalog,
      Supplier<double[]> point,
      String name,
      int radius,
      Category category,
      String q,
      DealSort sort,
      int page) {
    measure(
        name + ", r=" + radius,
        () -> {
          double[] p = point.get();
          return catalog.deals(p[0], p[1], radius, category, q, sort, 20, page * 20).size();
        });
  }

  /** Prints one line of the table; returns the p50 in milliseconds. */
  private static double measure(String name, Supplier<Integer> query) {
    int runs = size.runs();
    for (int i = 0; i < size.warmUp(); i++) {
      query.get();
    }
    double[] millis = new double[runs];
    long rows = 0;
    for (int i = 0; i < runs; i++) {
      long t = System.nanoTime();
      rows += query.get();
      millis[i] = (System.nanoTime() - t) / 1e6;
    }
    Arrays.sort(millis);
    double p50 = millis[runs / 2];
    System.out.printf(
        "%-40s %8.2f %8.2f %8.2f %10.1f %9s%n",
        name,
        p50,
        millis[(int) (runs * 0.99)],
        millis[runs - 1],
        (double) rows / runs,
        Double.isNaN(floorP50) ? "" : String.format("%.1f", p50 / floorP50));
    return p50;
  }

  private static void generate(DataSource dataSource, LocalDate today) throws Exception {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      // The test server commits asynchronously, and VACUUM cannot mark a page all-visible while
      // the commit that wrote it is unflushed: without this the table would stay unlike a table
      // at rest (which autovacuum keeps all-visible), and no index-only scan would be measured.
      s.execute("set synchronous_commit = on");
      s.execute("select setseed(0.42)");
      s.execute(
          """
          insert into dongchimi_mart (owner_id, name, address, lat, lng)
          select 1, '벤치마트 ' || g, '서울', %f + random() * %f, %f + random() * %f
            from generate_series(1, %d) g
          """
              .formatted(MIN_LAT, LAT_SPAN, MIN_LNG, LNG_SPAN, size.marts()));
      // Half the products are on sale today; the rest ended or have no sale.
      s.execute(
          """
          insert into dongchimi_product
            (mart_id, product_key, name, raw_name, normalized_name, category, regular_price,
             sale_price, sale_start, sale_end)
          select m.id, 'name:' || w.word || i, w.word || ' ' || i, w.word || ' ' || i,
                 w.word || i, w.category, r.regular,
                 case when r.x < 0.7 then (r.regular * (0.5 + r.x * 0.6))::int end,
                 case when r.x < 0.5 then date '%1$s' - 1 else date '%1$s' - 10 end,
                 case when r.x < 0.5 then date '%1$s' + 3 else date '%1$s' - 3 end
            from dongchimi_mart m
           cross join generate_series(1, %2$d) i
           cross join lateral (
             select random() + 0 * i as x, 1000 + (random() * 30000)::int + 0 * i as regular) r
           cross join lateral (
             select (array['사과','삼겹살','우유','두부','라면','생수','계란','고등어','김치','과자',
                           '맥주','식용유','식빵','세제','양파','햇반','만두'])[1 + ((m.id + i) %% 17)] as word,
                    (array['FRUIT','MEAT_EGG','DAIRY','TOFU_KIMCHI','NOODLE','BEVERAGE','MEAT_EGG',
                           'SEAFOOD','TOFU_KIMCHI','SNACK','ALCOHOL','SAUCE_OIL','BAKERY',
                           'HOUSEHOLD','VEGETABLE','READY_MEAL','FROZEN'])[1 + ((m.id + i) %% 17)]
                      as category) w
          """
              .formatted(today, PRODUCTS_PER_MART));
      s.execute("vacuum analyze dongchimi_mart");
      s.execute("vacuum analyze dongchimi_product");
      s.execute("reset synchronous_commit");
      try (var rs =
          s.executeQuery(
              "select relallvisible * 100.0 / relpages from pg_class"
                  + " where relname = 'dongchimi_product'")) {
        rs.next();
        System.out.printf("products' table pages all-visible: %.0f %%%n", rs.getDouble(1));
      }
    }
  }
}
