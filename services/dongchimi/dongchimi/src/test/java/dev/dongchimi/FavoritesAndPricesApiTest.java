package dev.dongchimi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.platform.test.Answer;
import dev.platform.test.ApiClient;
import dev.platform.test.SignUp;
import dev.taskrow.test.SettableClock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Favourite products, the deals at a shopper's favourites and an owner's price change, over real
 * HTTP on a real PostgreSQL: each account sees only its own favourites, and only a mart's owner
 * changes its prices.
 */
@SpringBootTest(
    classes = DongchimiTestApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class FavoritesAndPricesApiTest {
  private static final AtomicInteger AREAS = new AtomicInteger();

  @LocalServerPort int port;
  @Autowired SettableClock clock;
  @Autowired Catalog catalog;

  private ApiClient api;
  private double lat;
  private double lng;

  @BeforeEach
  void setUp() {
    api = new ApiClient(port);
    clock.set(DongchimiTestApplication.START);
    int area = AREAS.incrementAndGet();
    // Far from DongchimiApiTest's patches (34.x): no test sees another's marts.
    lat = 30.0 + area * 0.25;
    lng = 126.0;
  }

  private static void assertProblem(Answer answer, int status, String code) {
    assertThat(answer.status()).as(answer.body()).isEqualTo(status);
    assertThat(answer.contentType()).startsWith("application/problem+json");
    assertThat(answer.code()).isEqualTo(code);
  }

  private long mart(String owner, String name) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("name", name);
    body.put("address", "서울특별시 어딘가 1");
    body.put("lat", lat);
    body.put("lng", lng);
    Answer answer = api.post("/marts", owner, body);
    assertThat(answer.status()).as(answer.body()).isEqualTo(201);
    return answer.json().get("id").asLong();
  }

  private long product(String owner, long martId, String rawName, int regular, Integer sale) {
    LocalDate today = catalog.today();
    Map<String, Object> body = new HashMap<>();
    body.put("raw_name", rawName);
    body.put("category", "OTHER");
    body.put("regular_price", regular);
    body.put("sale_price", sale);
    body.put("sale_start", sale == null ? null : today.minusDays(1).toString());
    body.put("sale_end", sale == null ? null : today.plusDays(3).toString());
    Answer answer = api.post("/marts/" + martId + "/products", owner, body);
    assertThat(answer.status()).as(answer.body()).isEqualTo(201);
    return answer.json().get("id").asLong();
  }

  private static List<String> names(JsonNode array) {
    List<String> names = new ArrayList<>();
    array.forEach(node -> names.add(node.get("name").asString()));
    return names;
  }

  private static List<String> dealNames(JsonNode page) {
    List<String> names = new ArrayList<>();
    page.get("items").forEach(node -> names.add(node.get("product").get("name").asString()));
    return names;
  }

  @Test
  void favouriteProductsAreEachAccountsOwnAndTheirDealsJoinTheFavouriteMarts() {
    String owner = SignUp.newToken(api, "MART_OWNER");
    long liked = mart(owner, "단골마트");
    long other = mart(owner, "가끔마트");
    product(owner, liked, "사과 1kg", 10000, 7000); // 30 % at a favourite mart
    product(owner, liked, "배 1kg", 10000, null); // not on sale: no deal
    long milk = product(owner, other, "우유 900ml", 3000, 2700); // 10 %, a favourite product
    long bread = product(owner, other, "식빵", 3000, 1500); // 50 %, neither
    String shopper = SignUp.newToken(api, "CUSTOMER");
    String someoneElse = SignUp.newToken(api, "CUSTOMER");

    assertThat(api.put("/me/favorite-marts/" + liked, shopper, null).status()).isEqualTo(204);
    assertThat(api.put("/me/favorite-products/" + milk, shopper, null).status()).isEqualTo(204);
    assertThat(api.put("/me/favorite-products/" + milk, shopper, null).status())
        .as("adding twice is one")
        .isEqualTo(204);
    assertThat(names(api.get("/me/favorite-products", shopper).json())).containsExactly("우유 900ml");
    assertThat(api.get("/me/favorite-products", someoneElse).json()).isEmpty();

    JsonNode deals = api.get("/me/favorite-deals", shopper).json();
    assertThat(dealNames(deals)).containsExactly("사과 1kg", "우유 900ml");
    assertThat(deals.get("items").get(0).get("favorite_product").asBoolean()).isFalse();
    assertThat(deals.get("items").get(1).get("favorite_product").asBoolean()).isTrue();
    assertThat(deals.get("items").get(1).get("mart_name").asString()).isEqualTo("가끔마트");
    assertThat(dealNames(api.get("/me/favorite-deals", someoneElse).json())).isEmpty();
    assertThat(dealNames(api.get("/me/favorite-deals?size=1", shopper).json()))
        .containsExactly("사과 1kg");

    // Removing is the caller's own list only: someone else's delete changes nothing of it.
    assertThat(api.delete("/me/favorite-products/" + milk, someoneElse).status()).isEqualTo(204);
    assertThat(names(api.get("/me/favorite-products", shopper).json())).containsExactly("우유 900ml");
    assertThat(api.delete("/me/favorite-products/" + milk, shopper).status()).isEqualTo(204);
    assertThat(api.get("/me/favorite-products", shopper).json()).isEmpty();
    assertThat(dealNames(api.get("/me/favorite-deals", shopper).json())).containsExactly("사과 1kg");

    assertProblem(api.put("/me/favorite-products/999999999", shopper, null), 404, "NOT_FOUND");
    assertProblem(api.get("/me/favorite-products", null), 401, "UNAUTHENTICATED");
    assertProblem(api.get("/me/favorite-deals", null), 401, "UNAUTHENTICATED");
    assertProblem(api.put("/me/favorite-products/" + bread, null, null), 401, "UNAUTHENTICATED");
    assertProblem(api.get("/me/favorite-deals?size=101", shopper), 400, "INVALID_PAGE_SIZE");
  }

  @Test
  void onlyTheMartsOwnerChangesAPriceAndTheChangeIsInTheHistory() {
    String owner = SignUp.newToken(api, "MART_OWNER");
    String rival = SignUp.newToken(api, "MART_OWNER");
    long mart = mart(owner, "가격마트");
    long id = product(owner, mart, "참외 1.5kg", 12000, null);
    LocalDate today = catalog.today();

    Map<String, Object> change = new HashMap<>();
    change.put("regular_price", 12900);
    change.put("sale_price", 9900);
    change.put("sale_start", today.toString());
    change.put("sale_end", today.plusDays(6).toString());
    Answer changed = api.put("/products/" + id + "/price", owner, change);
    assertThat(changed.status()).as(changed.body()).isEqualTo(200);
    assertThat(changed.json().get("sale_price").asInt()).isEqualTo(9900);
    assertThat(changed.json().get("on_sale").asBoolean()).isTrue();
    assertThat(changed.json().get("name").asString()).as("the same product").isEqualTo("참외 1.5kg");
    assertThat(api.get("/marts/" + mart + "/products", null).json().get("items")).hasSize(1);
    JsonNode history = api.get("/products/" + id + "/price-history", null).json();
    assertThat(history).hasSize(2);
    assertThat(history.get(1).get("sale_price").asInt()).isEqualTo(9900);

    assertProblem(api.put("/products/" + id + "/price", rival, change), 403, "NOT_OWNER");
    assertProblem(api.put("/products/999999999/price", owner, change), 404, "NOT_FOUND");
    assertProblem(api.put("/products/" + id + "/price", null, change), 401, "UNAUTHENTICATED");
    change.put("sale_price", 13000);
    assertProblem(api.put("/products/" + id + "/price", owner, change), 400, "INVALID_PRICE");
    change.put("sale_price", 9900);
    change.put("sale_end", today.minusDays(1).toString());
    assertProblem(api.put("/products/" + id + "/price", owner, change), 400, "INVALID_SALE_WINDOW");

    // No sale price ends the sale.
    change.put("sale_price", null);
    change.put("sale_start", null);
    change.put("sale_end", null);
    Answer ended = api.put("/products/" + id + "/price", owner, change);
    assertThat(ended.status()).as(ended.body()).isEqualTo(200);
    assertThat(ended.json().get("on_sale").asBoolean()).isFalse();
    assertThat(catalog.product(id).regularPrice()).isEqualTo(12900);
  }

  @Test
  void dealsSortByUnitPriceWithTheProductsWithoutOneLast() {
    String owner = SignUp.newToken(api, "MART_OWNER");
    long mart = mart(owner, "단위가격마트");
    product(owner, mart, "사과 500g", 6000, 5000); // 1,000원 per 100g
    product(owner, mart, "배 1kg", 8000, 6000); // 600원 per 100g
    product(owner, mart, "우유 200ml×2", 1200, 1000); // 250원 per 100ml
    product(owner, mart, "식빵", 3000, 100); // no weight or volume: last
    product(owner, mart, "감자 2kg", 9000, null); // not on sale: no deal

    JsonNode page =
        api.get("/deals/nearby?lat=" + lat + "&lng=" + lng + "&radius_m=500&sort=unit_price", null)
            .json();
    assertThat(dealNames(page)).containsExactly("우유 200ml×2", "배 1kg", "사과 500g", "식빵");
    JsonNode first = page.get("items").get(0).get("product").get("unit_price");
    assertThat(first.get("basis").asString()).isEqualTo("100ml");
    assertThat(first.get("price").asLong()).isEqualTo(250);
    // Pages of one keep the order (the bound of a page's key, as for sort=price).
    assertThat(
            dealNames(
                api.get(
                        "/deals/nearby?lat="
                            + lat
                            + "&lng="
                            + lng
                            + "&radius_m=500&sort=unit_price&size=1&page=2",
                        null)
                    .json()))
        .containsExactly("사과 500g");
  }

  @Test
  void dealsSortByPiecePriceWithSingleItemsLast() {
    String owner = SignUp.newToken(api, "MART_OWNER");
    long mart = mart(owner, "개당가격마트");
    product(owner, mart, "초코파이 10개입", 6000, 5000); // 500원 each
    product(owner, mart, "목우촌 계란 30구", 9900, 8990); // 300원 each (299.67, half up)
    product(owner, mart, "삼다수 2L×6", 7000, 6000); // 1,000원 a bottle
    product(owner, mart, "수박 1통", 20000, 15000); // one piece: last
    product(owner, mart, "요구르트 6입", 3000, null); // not on sale: no deal

    JsonNode page =
        api.get("/deals/nearby?lat=" + lat + "&lng=" + lng + "&radius_m=500&sort=piece_price", null)
            .json();
    assertThat(dealNames(page)).containsExactly("목우촌 계란 30구", "초코파이 10개입", "삼다수 2L×6", "수박 1통");
    JsonNode first = page.get("items").get(0).get("product").get("piece_price");
    assertThat(first.get("pieces").asInt()).isEqualTo(30);
    assertThat(first.get("price").asLong()).isEqualTo(300);
    JsonNode none = page.get("items").get(3).get("product").get("piece_price");
    assertThat(none == null || none.isNull()).as("a single item has no piece price").isTrue();
    // The g/ml unit price stays beside it: the water has both.
    JsonNode water = page.get("items").get(2).get("product");
    assertThat(water.get("unit_price").get("price").asLong()).isEqualTo(50);
    assertThat(water.get("piece_price").get("price").asLong()).isEqualTo(1000);
    // Pages of one keep the order (the bound of a page's key, as for sort=unit_price).
    assertThat(
            dealNames(
                api.get(
                        "/deals/nearby?lat="
                            + lat
                            + "&lng="
                            + lng
                            + "&radius_m=500&sort=piece_price&size=1&page=1",
                        null)
                    .json()))
        .containsExactly("초코파이 10개입");
  }
}
