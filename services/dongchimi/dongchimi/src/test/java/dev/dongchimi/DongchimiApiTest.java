package dev.dongchimi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.platform.accounts.AccountProvisioning;
import dev.platform.test.Answer;
import dev.platform.test.ApiClient;
import dev.platform.test.Multipart;
import dev.platform.test.SignUp;
import dev.taskrow.test.SettableClock;
import dev.taskrow.test.TestDatabase;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/** 동치미's API over real HTTP on a real PostgreSQL, as a client uses it. */
@SpringBootTest(
    classes = DongchimiTestApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class DongchimiApiTest {
  private static final AtomicInteger AREAS = new AtomicInteger();

  @LocalServerPort int port;
  @Autowired SettableClock clock;
  @Autowired dev.platform.storage.testing.InMemoryObjectStorage storage;
  @Autowired Catalog catalog;
  @Autowired AccountProvisioning accounts;
  @Autowired JdbcClient jdbc;

  private ApiClient api;

  /** A test's own patch of the map, far from every other test's marts. */
  private double originLat;

  private double originLng;

  @BeforeEach
  void setUp() {
    api = new ApiClient(port);
    clock.set(DongchimiTestApplication.START);
    int area = AREAS.incrementAndGet();
    originLat = 34.0 + area * 0.25;
    originLng = 126.0 + (area % 4) * 0.3;
  }

  // --- HTTP helpers -------------------------------------------------------------------------

  private static void assertProblem(Answer answer, int status, String code) {
    assertThat(answer.status()).as(answer.body()).isEqualTo(status);
    assertThat(answer.contentType()).startsWith("application/problem+json");
    assertThat(answer.code()).isEqualTo(code);
  }

  /** A point {@code metres} north of the origin. */
  private double north(double metres) {
    return originLat + Math.toDegrees(metres / Geo.EARTH_RADIUS_M);
  }

  private long createMart(String owner, String name, double lat, double lng) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("name", name);
    body.put("address", "서울특별시 어딘가 1");
    body.put("lat", lat);
    body.put("lng", lng);
    body.put("phone", "02-123-4567");
    body.put("opening_hours", "09:00-22:00");
    body.put("closed_days", "연중무휴");
    Answer answer = api.post("/marts", owner, body);
    assertThat(answer.status()).as(answer.body()).isEqualTo(201);
    return answer.json().get("id").asLong();
  }

  private JsonNode product(
      String owner,
      long martId,
      String rawName,
      String category,
      int regular,
      Integer sale,
      LocalDate start,
      LocalDate end) {
    Map<String, Object> body = new HashMap<>();
    body.put("raw_name", rawName);
    body.put("category", category);
    body.put("regular_price", regular);
    body.put("sale_price", sale);
    body.put("sale_start", start == null ? null : start.toString());
    body.put("sale_end", end == null ? null : end.toString());
    Answer answer = api.post("/marts/" + martId + "/products", owner, body);
    assertThat(answer.status()).as(answer.body()).isEqualTo(201);
    return answer.json();
  }

  private String near(String path, int radius) {
    return path + "?lat=" + originLat + "&lng=" + originLng + "&radius_m=" + radius;
  }

  private static List<String> names(JsonNode array, String field) {
    List<String> names = new ArrayList<>();
    array.forEach(node -> names.add(node.get(field).asString()));
    return names;
  }

  private LocalDate today() {
    return catalog.today();
  }

  // --- nearby ------------------------------------------------------------------------------

  @Test
  void aOneKilometreRadiusHasTheMartAt999MetresAndNotTheOneAt1001() {
    String owner = SignUp.newToken(api, "MART_OWNER");
    createMart(owner, "inside", north(999), originLng);
    createMart(owner, "outside", north(1001), originLng);

    Answer nearby = api.get(near("/marts/nearby", 1000), SignUp.newToken(api, "CUSTOMER"));
    assertThat(nearby.status()).isEqualTo(200);
    assertThat(names(nearby.json(), "name")).containsExactly("inside");
    assertThat(nearby.json().get(0).get("distance_m").asLong()).isEqualTo(999);
    assertThat(names(api.get(near("/marts/nearby", 1002), owner).json(), "name"))
        .containsExactly("inside", "outside");
  }

  @Test
  void nearbyMartsComeNearestFirstWithTheirCountOnSaleToday() {
    String owner = SignUp.newToken(api, "MART_OWNER");
    long far = createMart(owner, "far", north(800), originLng);
    createMart(owner, "near", north(-100), originLng);
    createMart(owner, "middle", originLat, originLng + 0.004); // ~365 m east
    product(owner, far, "바나나 1kg", "FRUIT", 5000, 3900, today(), today().plusDays(3));
    product(owner, far, "사과 2kg", "FRUIT", 15000, 12000, today().plusDays(1), today().plusDays(3));

    Answer nearby = api.get(near("/marts/nearby", 1000) + "&limit=10", owner);
    assertThat(names(nearby.json(), "name")).containsExactly("near", "middle", "far");
    assertThat(nearby.json().get(2).get("on_sale_count").asLong()).isEqualTo(1);
    assertThat(nearby.json().get(0).get("on_sale_count").asLong()).isZero();
    assertThat(names(api.get(near("/marts/nearby", 1000) + "&limit=2", owner).json(), "name"))
        .containsExactly("near", "middle");
  }

  @Test
  void invalidCoordinatesRadiiAndPagesAreAClear400() {
    String token = SignUp.newToken(api, "CUSTOMER");
    assertProblem(
        api.get("/marts/nearby?lat=91&lng=127&radius_m=1000", token), 400, "INVALID_COORDINATES");
    assertProblem(
        api.get("/marts/nearby?lat=37&lng=-181&radius_m=1000", token), 400, "INVALID_COORDINATES");
    assertProblem(api.get("/marts/nearby?lat=NaN&lng=127", token), 400, "INVALID_COORDINATES");
    assertProblem(api.get("/marts/nearby?lat=abc&lng=127", token), 400, "INVALID_REQUEST");
    assertProblem(api.get("/marts/nearby?lng=127", token), 400, "INVALID_REQUEST");
    assertProblem(api.get("/marts/nearby?lat=37&lng=127&radius_m=0", token), 400, "INVALID_RADIUS");
    assertProblem(
        api.get("/marts/nearby?lat=37&lng=127&radius_m=10001", token), 400, "INVALID_RADIUS");
    assertProblem(api.get("/marts/nearby?lat=37&lng=127&limit=101", token), 400, "INVALID_LIMIT");
    assertProblem(
        api.get("/deals/nearby?lat=37&lng=127&radius_m=-5", token), 400, "INVALID_RADIUS");
    assertProblem(
        api.get("/deals/nearby?lat=37&lng=127&size=101", token), 400, "INVALID_PAGE_SIZE");
    assertProblem(api.get("/deals/nearby?lat=37&lng=127&size=0", token), 400, "INVALID_PAGE_SIZE");
    assertProblem(api.get("/deals/nearby?lat=37&lng=127&page=-1", token), 400, "INVALID_PAGE");
    assertProblem(
        api.get("/deals/nearby?lat=37&lng=127&page=1000&size=100", token), 400, "INVALID_PAGE");
    assertProblem(api.get("/deals/nearby?lat=37&lng=127&sort=name", token), 400, "INVALID_SORT");
    assertProblem(
        api.get("/deals/nearby?lat=37&lng=127&category=FISH", token), 400, "INVALID_CATEGORY");
    assertProblem(
        api.get("/deals/nearby?lat=37&lng=127&q=" + "가".repeat(51), token), 400, "INVALID_QUERY");
    assertThat(api.get("/marts/nearby?lat=37&lng=127&radius_m=10000", token).status())
        .isEqualTo(200);
  }

  // --- deals and sale windows --------------------------------------------------------------

  @Test
  void dealsAreProductsOnSaleTodayNotTomorrowNorYesterday() {
    String owner = SignUp.newToken(api, "MART_OWNER");
    long mart = createMart(owner, "동네마트", north(300), originLng);
    product(owner, mart, "오늘 특가 두부 300g", "TOFU_KIMCHI", 3000, 1500, today(), today());
    product(
        owner,
        mart,
        "내일 특가 계란 30구",
        "MEAT_EGG",
        9000,
        6000,
        today().plusDays(1),
        today().plusDays(3));
    product(
        owner,
        mart,
        "어제 끝난 우유 1L",
        "DAIRY",
        3000,
        2000,
        today().minusDays(3),
        today().minusDays(1));
    product(owner, mart, "정가 라면 120g x 5", "NOODLE", 4000, null, null, null);
    String customer = SignUp.newToken(api, "CUSTOMER");

    Answer deals = api.get(near("/deals/nearby", 1000), customer);
    assertThat(deals.status()).isEqualTo(200);
    assertThat(names(deals.json().get("items"), "mart_name")).containsExactly("동네마트");
    JsonNode deal = deals.json().get("items").get(0);
    assertThat(deal.get("product").get("name").asString()).isEqualTo("오늘 특가 두부 300g");
    assertThat(deal.get("product").get("discount_rate").asInt()).isEqualTo(50);
    assertThat(deal.get("distance_m").asLong()).isEqualTo(300);
    assertThat(deal.get("mart_id").asLong()).isEqualTo(mart);

    Answer onSale = api.get("/marts/" + mart + "/products?on_sale=true", customer);
    assertThat(onSale.json().get("items")).hasSize(1);
    Answer notOnSale = api.get("/marts/" + mart + "/products?on_sale=false", customer);
    assertThat(notOnSale.json().get("items")).hasSize(3);

    clock.advance(Duration.ofDays(1)); // tomorrow: the eggs' sale starts, the tofu's ended
    List<String> tomorrow = new ArrayList<>();
    api.get(near("/deals/nearby", 1000), customer)
        .json()
        .get("items")
        .forEach(d -> tomorrow.add(d.get("product").get("name").asString()));
    assertThat(tomorrow).containsExactly("내일 특가 계란 30구");
  }

  @Test
  void dealsSortByDiscountDistanceOrPriceAndFilterByCategoryAndKoreanKeywords() {
    String owner = SignUp.newToken(api, "MART_OWNER");
    long near = createMart(owner, "가까운마트", north(100), originLng);
    long far = createMart(owner, "먼마트", north(900), originLng);
    LocalDate t = today();
    product(owner, near, "한돈 삼겹살 500g", "MEAT_EGG", 15000, 12000, t, t.plusDays(2)); // 20%
    product(owner, far, "한돈 목살 500g", "MEAT_EGG", 14000, 7000, t, t.plusDays(2)); // 50%
    product(owner, far, "[행사] 서울우유 1L", "DAIRY", 3000, 2500, t, t.plusDays(2)); // 16%
    String customer = SignUp.newToken(api, "CUSTOMER");

    assertThat(dealNames(near("/deals/nearby", 1000) + "&sort=discount", customer))
        .containsExactly("한돈 목살 500g", "한돈 삼겹살 500g", "서울우유 1L");
    assertThat(dealNames(near("/deals/nearby", 1000) + "&sort=distance", customer))
        .containsExactly("한돈 삼겹살 500g", "한돈 목살 500g", "서울우유 1L");
    assertThat(dealNames(near("/deals/nearby", 1000) + "&sort=price", customer))
        .containsExactly("서울우유 1L", "한돈 목살 500g", "한돈 삼겹살 500g");
    assertThat(dealNames(near("/deals/nearby", 1000) + "&category=DAIRY", customer))
        .containsExactly("서울우유 1L");
    assertThat(dealNames(near("/deals/nearby", 1000) + "&q=삼겹", customer))
        .containsExactly("한돈 삼겹살 500g");
    // Spaces and case do not matter: "서울 우유" finds "서울우유 1L".
    assertThat(dealNames(near("/deals/nearby", 1000) + "&q=서울 우유", customer))
        .containsExactly("서울우유 1L");
    assertThat(dealNames(near("/deals/nearby", 1000) + "&q=한돈&sort=price", customer))
        .containsExactly("한돈 목살 500g", "한돈 삼겹살 500g");
    assertThat(dealNames(near("/deals/nearby", 500), customer)).containsExactly("한돈 삼겹살 500g");

    Answer products = api.get("/marts/" + far + "/products?category=MEAT_EGG", customer);
    assertThat(names(products.json().get("items"), "name")).containsExactly("한돈 목살 500g");
    Answer milk = api.get("/marts/" + far + "/products?q=우유", customer);
    JsonNode item = milk.json().get("items").get(0);
    assertThat(item.get("raw_name").asString()).isEqualTo("[행사] 서울우유 1L");
    assertThat(item.get("normalized_name").asString()).isEqualTo("서울우유1l");
    assertThat(item.get("spec").get("unit").asString()).isEqualTo("l");
    assertThat(item.get("unit_price").get("basis").asString()).isEqualTo("100ml");
    assertThat(item.get("unit_price").get("price").asLong()).isEqualTo(250); // 2,500 per 1,000 ml
  }

  private List<String> dealNames(String path, String token) {
    Answer answer = api.get(path, token);
    assertThat(answer.status()).as(answer.body()).isEqualTo(200);
    List<String> names = new ArrayList<>();
    answer.json().get("items").forEach(d -> names.add(d.get("product").get("name").asString()));
    return names;
  }

  @Test
  void aBulkUpsertCountsWhatChangedAndKeepsOnlyPriceChangesInTheHistory() {
    String owner = SignUp.newToken(api, "MART_OWNER");
    long mart = createMart(owner, "대량마트", north(300), originLng);
    List<ProductInput> first = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      first.add(bulk("대량 상품 " + i, 1000 + i, null));
    }
    Catalog.Upserted created = catalog.upsertCounted(mart, first);
    assertThat(List.of(created.created(), created.updated(), created.unchanged()))
        .containsExactly(3, 0, 0);
    assertThat(historyOf(mart)).isEqualTo(3);

    Catalog.Upserted same = catalog.upsertCounted(mart, first);
    assertThat(List.of(same.created(), same.updated(), same.unchanged())).containsExactly(0, 0, 3);
    assertThat(same.ids()).isEqualTo(created.ids());
    assertThat(historyOf(mart)).isEqualTo(3);

    // One price changes, one product only its category: one more history row, two updates.
    List<ProductInput> second =
        List.of(
            bulk("대량 상품 0", 900, null),
            new ProductInput(
                "대량 상품 1", null, "DAIRY", 1001, null, null, null, null, null, null, null, null),
            bulk("대량 상품 2", 1002, null),
            bulk("대량 상품 3", 1003, null));
    Catalog.Upserted changed = catalog.upsertCounted(mart, second);
    assertThat(List.of(changed.created(), changed.updated(), changed.unchanged()))
        .containsExactly(1, 2, 1);
    assertThat(changed.ids().subList(0, 3)).isEqualTo(created.ids());
    assertThat(historyOf(mart)).isEqualTo(5); // 3 + the new price of 0 + the new product 3

    // The same product twice in one call: the later one wins (row by row).
    catalog.upsertCounted(mart, List.of(bulk("대량 상품 0", 800, null), bulk("대량 상품 0", 700, null)));
    assertThat(
            jdbc.sql("select regular_price from dongchimi_product where mart_id = :m and name = :n")
                .param("m", mart)
                .param("n", "대량 상품 0")
                .query(Integer.class)
                .single())
        .isEqualTo(700);
  }

  private static ProductInput bulk(String name, int regular, Integer sale) {
    return new ProductInput(
        name, null, "SNACK", regular, sale, null, null, null, null, null, null, null);
  }

  private long historyOf(long mart) {
    return jdbc.sql(
            """
            select count(*) from dongchimi_price_history h
              join dongchimi_product p on p.id = h.product_id where p.mart_id = :m
            """)
        .param("m", mart)
        .query(Long.class)
        .single();
  }

  @Test
  void pagesAreStableAndComplete() {
    String owner = SignUp.newToken(api, "MART_OWNER");
    long mart = createMart(owner, "큰마트", north(200), originLng);
    List<ProductInput> inputs = new ArrayList<>();
    for (int i = 0; i < 25; i++) {
      // Equal discounts and prices: only the tie-breaker keeps pages stable.
      inputs.add(
          new ProductInput(
              "상품 " + i, null, "SNACK", 2000, 1000, null, null, null, null, today(), today(),
              null));
    }
    catalog.upsertProducts(mart, inputs);
    String customer = SignUp.newToken(api, "CUSTOMER");
    for (String sort : List.of("discount", "distance", "price")) {
      Set<String> seen = new HashSet<>();
      List<Boolean> hasNext = new ArrayList<>();
      for (int page = 0; page < 3; page++) {
        Answer answer =
            api.get(
                near("/deals/nearby", 1000) + "&size=10&page=" + page + "&sort=" + sort, customer);
        answer.json().get("items").forEach(d -> seen.add(d.get("product").get("id").asString()));
        hasNext.add(answer.json().get("has_next").asBoolean());
      }
      assertThat(seen).as(sort).hasSize(25);
      assertThat(hasNext).containsExactly(true, true, false);
    }
    Set<String> products = new HashSet<>();
    for (int page = 0; page < 3; page++) {
      api.get("/marts/" + mart + "/products?size=10&page=" + page, customer)
          .json()
          .get("items")
          .forEach(p -> products.add(p.get("id").asString()));
    }
    assertThat(products).hasSize(25);
  }

  @Test
  void pagesAcrossMartsAreOneLongListingCutInPagesInEverySort() {
    // Three marts with 12 deals each and many equal discounts and prices: a page ranks only each
    // mart's first few deals, so deeper pages must still find every deal, in the documented order.
    String owner = SignUp.newToken(api, "MART_OWNER");
    List<Long> marts =
        List.of(
            createMart(owner, "첫째마트", north(100), originLng),
            createMart(owner, "둘째마트", north(300), originLng),
            createMart(owner, "셋째마트", north(600), originLng));
    LocalDate t = today();
    for (int j = 0; j < marts.size(); j++) {
      List<ProductInput> inputs = new ArrayList<>();
      for (int i = 0; i < 12; i++) {
        int k = i * 3 + j;
        String category = k % 2 == 0 ? "SNACK" : "DAIRY";
        int sale = 10_000 - 500 * (k % 6);
        inputs.add(
            new ProductInput(
                "특가 " + k, null, category, 10_000, sale, null, null, null, null, t, t, null));
      }
      inputs.add(
          new ProductInput(
              "지난 특가 " + j,
              null,
              "SNACK",
              10_000,
              1_000,
              null,
              null,
              null,
              null,
              t.minusDays(3),
              t.minusDays(1),
              null));
      catalog.upsertProducts(marts.get(j), inputs);
    }
    // A free sample has no discount rate: it ranks first by discount, as nulls do in "desc".
    catalog.upsertProducts(
        marts.get(1),
        List.of(
            new ProductInput("시식 증정", null, "SNACK", 0, 0, null, null, null, null, t, t, null)));
    String customer = SignUp.newToken(api, "CUSTOMER");
    Comparator<JsonNode> discount =
        Comparator.comparingInt(
            (JsonNode d) -> {
              JsonNode rate = d.get("product").get("discount_rate");
              return rate.isNull() ? Integer.MIN_VALUE : -rate.asInt();
            });
    Comparator<JsonNode> distance = Comparator.comparingLong(d -> d.get("distance_m").asLong());
    Comparator<JsonNode> price =
        Comparator.comparingInt(d -> d.get("product").get("sale_price").asInt());
    Comparator<JsonNode> id = Comparator.comparingLong(d -> d.get("product").get("id").asLong());
    Map<String, Comparator<JsonNode>> orders = new LinkedHashMap<>();
    orders.put("sort=discount", discount.thenComparing(distance).thenComparing(id));
    orders.put("sort=distance", distance.thenComparing(discount).thenComparing(id));
    orders.put("sort=price", price.thenComparing(distance).thenComparing(id));
    orders.put("sort=price&category=SNACK", price.thenComparing(distance).thenComparing(id));
    for (Map.Entry<String, Comparator<JsonNode>> order : orders.entrySet()) {
      String path = near("/deals/nearby", 1000) + "&" + order.getKey();
      List<JsonNode> whole = new ArrayList<>();
      api.get(path + "&size=100", customer).json().get("items").forEach(whole::add);
      assertThat(whole).as(order.getKey()).hasSize(order.getKey().contains("SNACK") ? 19 : 37);
      assertThat(whole).as(order.getKey()).isSortedAccordingTo(order.getValue());

      List<JsonNode> paged = new ArrayList<>();
      boolean more = true;
      for (int page = 0; more; page++) {
        JsonNode body = api.get(path + "&size=5&page=" + page, customer).json();
        body.get("items").forEach(paged::add);
        more = body.get("has_next").asBoolean();
      }
      assertThat(paged).as(order.getKey()).isEqualTo(whole);
    }
  }

  // --- ownership ---------------------------------------------------------------------------

  @Test
  void onlyTheOwnerChangesAMartItsProductsAndFlyers() {
    String owner = SignUp.newToken(api, "MART_OWNER");
    String otherOwner = SignUp.newToken(api, "MART_OWNER");
    String customer = SignUp.newToken(api, "CUSTOMER");
    long mart = createMart(owner, "내마트", originLat, originLng);

    assertProblem(api.post("/marts", customer, Map.of("name", "x")), 403, "NOT_MART_OWNER");
    assertProblem(
        api.patch("/marts/" + mart, otherOwner, Map.of("name", "뺏은마트")), 403, "NOT_OWNER");
    assertProblem(api.patch("/marts/999999999", owner, Map.of("name", "없음")), 404, "NOT_FOUND");
    assertProblem(
        api.post(
            "/marts/" + mart + "/products",
            otherOwner,
            Map.of("raw_name", "x", "category", "OTHER", "regular_price", 1)),
        403,
        "NOT_OWNER");
    assertProblem(
        api.post(
            "/marts/" + mart + "/flyers", customer, flyerForm("전단", today(), today(), List.of())),
        403,
        "NOT_OWNER");
    assertProblem(api.get("/marts/999999999", customer), 404, "NOT_FOUND");

    Answer patched = api.patch("/marts/" + mart, owner, Map.of("name", "새이름마트"));
    assertThat(patched.status()).isEqualTo(200);
    assertThat(patched.json().get("name").asString()).isEqualTo("새이름마트");
    assertThat(patched.json().get("phone").asString()).isEqualTo("02-123-4567"); // kept
    assertProblem(
        api.patch("/marts/" + mart, owner, Map.of("lat", 100)), 400, "INVALID_COORDINATES");
    assertProblem(
        api.patch("/marts/" + mart, owner, Map.of("name", "가".repeat(101))), 400, "INVALID_NAME");
    // Reading is public (a flyer is an advertisement); writing still needs the owner's token.
    assertThat(api.get("/marts/" + mart, null).status()).isEqualTo(200);
    assertThat(api.get("/marts/" + mart + "/products", null).status()).isEqualTo(200);
    assertThat(api.get("/marts/" + mart + "/flyers", null).status()).isEqualTo(200);
    assertProblem(
        api.patch("/marts/" + mart, null, Map.of("name", "남의마트")), 401, "UNAUTHENTICATED");
    assertProblem(api.get("/marts/" + mart + "/product-imports", null), 401, "UNAUTHENTICATED");
    assertProblem(api.get("/me/marts", null), 401, "UNAUTHENTICATED");
  }

  // --- favourites and price history --------------------------------------------------------

  @Test
  void favouriteMartsArePutListedAndDeleted() {
    String owner = SignUp.newToken(api, "MART_OWNER");
    long a = createMart(owner, "즐겨찾기A", originLat, originLng);
    long b = createMart(owner, "즐겨찾기B", originLat, originLng);
    String customer = SignUp.newToken(api, "CUSTOMER");

    assertThat(api.put("/me/favorite-marts/" + b, customer, null).status()).isEqualTo(204);
    assertThat(api.put("/me/favorite-marts/" + a, customer, null).status()).isEqualTo(204);
    assertThat(api.put("/me/favorite-marts/" + a, customer, null).status()).isEqualTo(204);
    assertThat(names(api.get("/me/favorite-marts", customer).json(), "name"))
        .containsExactly("즐겨찾기B", "즐겨찾기A");
    assertThat(api.get("/me/favorite-marts", owner).json()).isEmpty();
    assertThat(api.delete("/me/favorite-marts/" + b, customer).status()).isEqualTo(204);
    assertThat(names(api.get("/me/favorite-marts", customer).json(), "name"))
        .containsExactly("즐겨찾기A");
    assertProblem(api.put("/me/favorite-marts/999999999", customer, null), 404, "NOT_FOUND");
  }

  @Test
  void everyPriceChangeIsKeptSoAFakeDiscountShows() {
    String owner = SignUp.newToken(api, "MART_OWNER");
    long mart = createMart(owner, "가격마트", originLat, originLng);
    long id =
        product(owner, mart, "한우 불고기 300g", "MEAT_EGG", 15000, null, null, null).get("id").asLong();
    clock.advance(Duration.ofDays(1));
    // The regular price goes up just before a "40%" sale.
    product(owner, mart, "한우 불고기 300g", "MEAT_EGG", 20000, null, null, null);
    clock.advance(Duration.ofDays(1));
    JsonNode sale =
        product(owner, mart, "한우 불고기 300g", "MEAT_EGG", 20000, 12000, today(), today().plusDays(2));
    assertThat(sale.get("id").asLong()).isEqualTo(id);
    // The same again changes nothing.
    product(owner, mart, "한우 불고기 300g", "MEAT_EGG", 20000, 12000, today(), today().plusDays(2));

    Answer history =
        api.get("/products/" + id + "/price-history", SignUp.newToken(api, "CUSTOMER"));
    assertThat(history.status()).isEqualTo(200);
    assertThat(history.json()).hasSize(3);
    assertThat(history.json().get(0).get("regular_price").asInt()).isEqualTo(15000);
    assertThat(history.json().get(1).get("regular_price").asInt()).isEqualTo(20000);
    assertThat(history.json().get(2).get("sale_price").asInt()).isEqualTo(12000);
    assertThat(history.json().get(0).get("changed_at").asString()).startsWith("2026-03-02T01:00");
    assertProblem(api.get("/products/999999999/price-history", owner), 404, "NOT_FOUND");

    // A limit keeps the newest changes, still oldest first.
    Answer newest = api.get("/products/" + id + "/price-history?limit=2", owner);
    assertThat(newest.json()).hasSize(2);
    assertThat(newest.json().get(0).get("regular_price").asInt()).isEqualTo(20000);
    assertThat(newest.json().get(0).get("sale_price").isNull()).isTrue();
    assertThat(newest.json().get(1).get("sale_price").asInt()).isEqualTo(12000);
    assertProblem(
        api.get("/products/" + id + "/price-history?limit=501", owner), 400, "INVALID_LIMIT");
  }

  @Test
  void productInputIsValidated() {
    String owner = SignUp.newToken(api, "MART_OWNER");
    long mart = createMart(owner, "검증마트", originLat, originLng);
    String path = "/marts/" + mart + "/products";
    assertProblem(
        api.post(path, owner, Map.of("raw_name", "x", "category", "FISH", "regular_price", 1)),
        400,
        "INVALID_CATEGORY");
    assertProblem(
        api.post(path, owner, Map.of("raw_name", "x", "category", "OTHER", "regular_price", -1)),
        400,
        "INVALID_PRICE");
    assertProblem(
        api.post(
            path, owner, Map.of("raw_name", "x", "category", "OTHER", "regular_price", 10_000_001)),
        400,
        "INVALID_PRICE");
    // The largest discount there can be: the stored discount rate must not overflow.
    Answer free =
        api.post(
            path,
            owner,
            Map.of(
                "raw_name", "최고가 상품",
                "category", "OTHER",
                "regular_price", 10_000_000,
                "sale_price", 0,
                "sale_start", "2026-03-02",
                "sale_end", "2026-03-03"));
    assertThat(free.status()).as(free.body()).isIn(200, 201);
    assertThat(free.json().get("discount_rate").asInt()).isEqualTo(100);
    assertProblem(
        api.post(
            path,
            owner,
            Map.of(
                "raw_name",
                "x",
                "category",
                "OTHER",
                "regular_price",
                100,
                "sale_price",
                200,
                "sale_start",
                "2026-03-02",
                "sale_end",
                "2026-03-03")),
        400,
        "INVALID_PRICE");
    assertProblem(
        api.post(
            path,
            owner,
            Map.of("raw_name", "x", "category", "OTHER", "regular_price", 100, "sale_price", 50)),
        400,
        "INVALID_SALE_WINDOW");
    assertProblem(
        api.post(
            path,
            owner,
            Map.of("raw_name", "가".repeat(201), "category", "OTHER", "regular_price", 1)),
        400,
        "INVALID_RAW_NAME");
    assertProblem(
        api.post(
            path,
            owner,
            Map.of(
                "raw_name",
                "x",
                "category",
                "OTHER",
                "regular_price",
                1,
                "image_url",
                "javascript:alert(1)")),
        400,
        "INVALID_IMAGE_URL");
  }

  // --- flyers ------------------------------------------------------------------------------

  private static final byte[] PNG = {
    (byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0, 0, 13
  };
  private static final byte[] JPEG = {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF, (byte) 0xE0, 0, 16};

  private static Multipart flyerForm(
      String title, LocalDate from, LocalDate to, List<byte[]> pages) {
    Multipart form =
        Multipart.form()
            .field("title", title)
            .field("valid_from", from.toString())
            .field("valid_to", to.toString());
    int i = 0;
    for (byte[] page : pages) {
      // image/png is what the client claims; the bytes decide.
      form.file("pages", "page" + (++i) + ".png", "image/png", page);
    }
    return form;
  }

  @Test
  void flyersKeepTheirPagesInStorageAndHideExpiredOnesByDefault() {
    String owner = SignUp.newToken(api, "MART_OWNER");
    long mart = createMart(owner, "전단마트", originLat, originLng);
    Answer created =
        api.post(
            "/marts/" + mart + "/flyers",
            owner,
            flyerForm("이번 주 전단", today().minusDays(1), today().plusDays(2), List.of(PNG, JPEG)));
    assertThat(created.status()).as(created.body()).isEqualTo(201);
    JsonNode pages = created.json().get("pages");
    assertThat(pages).hasSize(2);
    assertThat(pages.get(0).get("content_type").asString()).isEqualTo("image/png");
    assertThat(pages.get(1).get("content_type").asString()).isEqualTo("image/jpeg");
    assertThat(pages.get(0).get("url").asString())
        .startsWith("https://storage.test/dongchimi/flyers/");
    long flyerId = created.json().get("id").asLong();
    assertThat(storage.objects())
        .containsKeys(
            "dongchimi/flyers/" + flyerId + "/1.png", "dongchimi/flyers/" + flyerId + "/2.jpg");
    assertThat(created.json().get("ends_soon").asBoolean()).isTrue(); // ends in two days

    api.post(
        "/marts/" + mart + "/flyers",
        owner,
        flyerForm("지난 전단", today().minusDays(9), today().minusDays(1), List.of()));
    api.post(
        "/marts/" + mart + "/flyers",
        owner,
        flyerForm("다음 달 전단", today().minusDays(1), today().plusDays(20), List.of()));

    String customer = SignUp.newToken(api, "CUSTOMER");
    Answer active = api.get("/marts/" + mart + "/flyers", customer);
    assertThat(names(active.json(), "title")).containsExactly("다음 달 전단", "이번 주 전단");
    assertThat(active.json().get(0).get("ends_soon").asBoolean()).isFalse();
    assertThat(names(api.get("/marts/" + mart + "/flyers?active=false", customer).json(), "title"))
        .containsExactly("다음 달 전단", "이번 주 전단", "지난 전단");

    clock.advance(Duration.ofDays(3)); // the week's flyer has ended
    assertThat(names(api.get("/marts/" + mart + "/flyers", customer).json(), "title"))
        .containsExactly("다음 달 전단");
  }

  @Test
  void flyerPagesMustBeImagesByTheirBytesWithinLimits() {
    String owner = SignUp.newToken(api, "MART_OWNER");
    long mart = createMart(owner, "업로드마트", originLat, originLng);
    String path = "/marts/" + mart + "/flyers";
    int before = storage.objects().size();
    byte[] script = "<script>alert(1)</script>".getBytes();
    assertProblem(
        api.post(path, owner, flyerForm("전단", today(), today(), List.of(PNG, script))),
        415,
        "UNSUPPORTED_IMAGE");
    byte[] huge = new byte[(int) Flyers.MAX_PAGE_BYTES + 1];
    System.arraycopy(PNG, 0, huge, 0, PNG.length);
    assertProblem(
        api.post(path, owner, flyerForm("전단", today(), today(), List.of(huge))),
        413,
        "PAGE_TOO_LARGE");
    List<byte[]> eleven = new ArrayList<>();
    for (int i = 0; i < 11; i++) {
      eleven.add(PNG);
    }
    assertProblem(
        api.post(path, owner, flyerForm("전단", today(), today(), eleven)), 400, "TOO_MANY_PAGES");
    assertProblem(
        api.post(path, owner, flyerForm("전단", today(), today().minusDays(1), List.of())),
        400,
        "INVALID_DATES");
    assertThat(storage.objects()).hasSize(before);
    assertThat(api.get(path + "?active=false", owner).json()).isEmpty();
  }

  // --- taxonomy and demo data --------------------------------------------------------------

  @Test
  void theTaxonomyIsPublic() {
    Answer categories = api.get("/categories", null);
    assertThat(categories.status()).isEqualTo(200);
    assertThat(categories.json()).hasSize(17);
    assertThat(categories.json().get(0).get("code").asString()).isEqualTo("FRUIT");
    assertThat(categories.json().get(0).get("label").asString()).isEqualTo("과일");
    assertThat(names(categories.json(), "label")).contains("두부·김치·반찬", "기타");
  }

  @Test
  void demoDataIsBelievableAndIdempotent() {
    DemoData demo = new DemoData(catalog, accounts, jdbc);
    List<Mart> first = demo.seed();
    long products = jdbc.sql("select count(*) from dongchimi_product").query(Long.class).single();
    long history =
        jdbc.sql("select count(*) from dongchimi_price_history").query(Long.class).single();
    long flyers = jdbc.sql("select count(*) from dongchimi_flyer").query(Long.class).single();
    List<Mart> second = demo.seed();
    assertThat(second).isEqualTo(first).hasSize(24);
    assertThat(jdbc.sql("select count(*) from dongchimi_product").query(Long.class).single())
        .isEqualTo(products);
    assertThat(jdbc.sql("select count(*) from dongchimi_price_history").query(Long.class).single())
        .isEqualTo(history);
    assertThat(jdbc.sql("select count(*) from dongchimi_flyer").query(Long.class).single())
        .isEqualTo(flyers);

    Answer login =
        api.post(
            "/auth/login", null, Map.of("email", DemoData.CUSTOMER, "password", DemoData.PASSWORD));
    assertThat(login.status()).isEqualTo(200);
    String token = login.json().get("access_token").asString();
    Answer deals = api.get("/deals/nearby?lat=37.4979&lng=127.0276&radius_m=2000&size=50", token);
    assertThat(deals.json().get("items").size()).isGreaterThan(10);
    Answer marts = api.get("/marts/nearby?lat=37.5572&lng=126.9245&radius_m=3000", token);
    assertThat(marts.json().size()).isGreaterThanOrEqualTo(6);
    assertThat(api.get("/marts/" + first.getFirst().id() + "/flyers", token).json()).hasSize(1);
    assertThat(api.get("/marts/" + first.getFirst().id() + "/flyers?active=false", token).json())
        .hasSize(2);
    assertThat(
            api.post(
                    "/auth/login",
                    null,
                    Map.of("email", DemoData.OWNER, "password", DemoData.PASSWORD))
                .status())
        .isEqualTo(200);
    TestDatabase.dataSource(); // same database as the application
  }
}
