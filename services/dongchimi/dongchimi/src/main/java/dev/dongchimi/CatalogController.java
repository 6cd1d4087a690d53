package dev.dongchimi;

import dev.dongchimi.category.Category;
import dev.dongchimi.images.ApiProductPicture;
import dev.platform.accounts.CurrentUser;
import dev.platform.accounts.Role;
import dev.platform.web.ProblemResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.security.SecurityRequirements;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.net.URI;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Marts, nearby search, products, deals, price history, favourites and the taxonomy. */
@RestController
@Tag(name = "dongchimi", description = "동치미: marts, flyers, products and deals near the user")
class CatalogController {
  static final int MAX_NEARBY_LIMIT = 100;
  static final int MAX_PRICE_HISTORY = 500;
  static final int MAX_QUERY = 50;

  /** The response header that says why the owner's image_url was not kept (a stable reason). */
  static final String PICTURE_REFUSED = "Dongchimi-Picture-Refused";

  private final Catalog catalog;
  private final ObjectProvider<ApiProductPicture> pictures;

  CatalogController(Catalog catalog, ObjectProvider<ApiProductPicture> pictures) {
    this.catalog = catalog;
    this.pictures = pictures;
  }

  record CategoryView(String code, String label) {}

  @GetMapping("/categories")
  @SecurityRequirements
  @Operation(summary = "The product taxonomy (public)")
  List<CategoryView> categories() {
    return Arrays.stream(Category.values())
        .map(c -> new CategoryView(c.name(), c.label()))
        .toList();
  }

  @PostMapping("/marts")
  @Operation(summary = "Register a mart (MART_OWNER); the caller becomes its owner")
  @ProblemResponse(status = 403, codes = "NOT_MART_OWNER")
  @MartInput.Refusals
  ResponseEntity<Mart> createMart(CurrentUser user, @RequestBody MartInput input) {
    if (!user.has(Role.MART_OWNER)) {
      throw new Problem(HttpStatus.FORBIDDEN, "NOT_MART_OWNER", "only mart owners register marts");
    }
    Mart mart = catalog.createMart(user.id(), input);
    return ResponseEntity.created(URI.create("/marts/" + mart.id())).body(mart);
  }

  @GetMapping("/marts/{martId}")
  @SecurityRequirements
  @ProblemResponse(status = 404, codes = "NOT_FOUND")
  Mart mart(@PathVariable long martId) {
    return catalog.mart(martId);
  }

  @PatchMapping("/marts/{martId}")
  @Operation(summary = "Change a mart (its owner only): the fields sent replace the stored ones")
  @ProblemResponse(status = 404, codes = "NOT_FOUND")
  @ProblemResponse(status = 403, codes = "NOT_OWNER")
  @MartInput.Refusals
  Mart updateMart(CurrentUser user, @PathVariable long martId, @RequestBody MartInput patch) {
    return catalog.updateMart(martId, user.id(), patch);
  }

  record NearbyMartView(
      long id,
      String name,
      String address,
      double lat,
      double lng,
      String phone,
      String openingHours,
      String closedDays,
      long distanceM,
      long onSaleCount) {}

  @GetMapping("/marts/nearby")
  @SecurityRequirements
  @Operation(
      summary = "Marts within radius_m (1..10000) of a point, nearest first",
      description = "Each with distance_m and the number of its products on sale today.")
  @ProblemResponse(
      status = 400,
      codes = {"INVALID_COORDINATES", "INVALID_RADIUS", "INVALID_LIMIT"})
  List<NearbyMartView> nearby(
      @RequestParam Double lat,
      @RequestParam Double lng,
      @RequestParam(name = "radius_m", defaultValue = "1000") int radiusM,
      @RequestParam(defaultValue = "20") int limit) {
    Geo.checkPoint(lat, lng);
    Geo.checkRadius(radiusM);
    if (limit < 1 || limit > MAX_NEARBY_LIMIT) {
      throw Problem.invalid("INVALID_LIMIT", "limit must be within 1.." + MAX_NEARBY_LIMIT);
    }
    return catalog.nearby(lat, lng, radiusM, limit).stream()
        .map(
            n ->
                new NearbyMartView(
                    n.mart().id(),
                    n.mart().name(),
                    n.mart().address(),
                    n.mart().lat(),
                    n.mart().lng(),
                    n.mart().phone(),
                    n.mart().openingHours(),
                    n.mart().closedDays(),
                    n.distanceM(),
                    n.onSaleCount()))
        .toList();
  }

  @GetMapping("/marts/{martId}/products")
  @SecurityRequirements
  @Operation(summary = "A mart's products; filter by category, on_sale and keyword q")
  @ProblemResponse(status = 404, codes = "NOT_FOUND")
  @ProblemResponse(
      status = 400,
      codes = {"INVALID_PAGE", "INVALID_PAGE_SIZE", "INVALID_CATEGORY", "INVALID_QUERY"})
  Page<Product> products(
      @PathVariable long martId,
      @RequestParam(required = false) String category,
      @RequestParam(name = "on_sale", required = false) Boolean onSale,
      @RequestParam(required = false) String q,
      @RequestParam(defaultValue = "0") int page,
      @RequestParam(defaultValue = "20") int size) {
    Page.check(page, size);
    return Page.of(
        catalog.productsOfMart(martId, category(category), onSale, query(q), size, page * size),
        page,
        size);
  }

  @PostMapping("/marts/{martId}/products")
  @Operation(
      summary = "Add or update one product of the owner's mart",
      description =
          "Keyed by barcode, else by normalised name: posting the same product again updates it."
              + " Price changes are kept in the price history. An image_url is downloaded once,"
              + " checked and kept as the owner's photo (served from /product-images/…); when it"
              + " cannot be kept the product gets its placeholder and the response header"
              + " Dongchimi-Picture-Refused says why (HTTP_STATUS, TIMEOUT, SVG_REFUSED, …).")
  @ProblemResponse(status = 404, codes = "NOT_FOUND")
  @ProblemResponse(status = 403, codes = "NOT_OWNER")
  @ProblemResponse(
      status = 400,
      codes = {
        "INVALID_RAW_NAME",
        "INVALID_NAME",
        "INVALID_CATEGORY",
        "INVALID_PRICE",
        "INVALID_SALE_WINDOW",
        "INVALID_SPEC",
        "INVALID_SPEC_UNIT",
        "INVALID_IMAGE_URL",
        "INVALID_BARCODE"
      })
  ResponseEntity<Product> upsertProduct(
      CurrentUser user, @PathVariable long martId, @RequestBody ProductInput input) {
    catalog.ownedMart(martId, user.id());
    long id = catalog.upsertProducts(martId, List.of(input)).getFirst();
    ApiProductPicture picture = pictures.getIfAvailable();
    String refused = null;
    if (picture != null) { // after the upsert's commit: a slow download holds no transaction
      Product saved = catalog.product(id);
      refused =
          picture
              .give(
                  martId,
                  input.check(),
                  input.imageUrl(),
                  saved.category(),
                  ProductNames.clean(saved.rawName()).baseName())
              .refusedReason();
    }
    ResponseEntity.BodyBuilder created = ResponseEntity.created(URI.create("/products/" + id));
    if (refused != null) {
      created.header(PICTURE_REFUSED, refused);
    }
    return created.body(catalog.product(id));
  }

  @PutMapping("/products/{productId}/price")
  @Operation(
      summary = "Change a product's prices and sale period (its mart's owner)",
      description =
          "regular_price, sale_price, sale_start, sale_end replace the stored ones; no sale_price"
              + " ends the sale. The change is kept in the price history.")
  @ProblemResponse(status = 404, codes = "NOT_FOUND")
  @ProblemResponse(status = 403, codes = "NOT_OWNER")
  @ProblemResponse(
      status = 400,
      codes = {"INVALID_PRICE", "INVALID_SALE_WINDOW"})
  Product changePrice(
      CurrentUser user, @PathVariable long productId, @RequestBody PriceChange change) {
    return catalog.changePrice(productId, user.id(), change);
  }

  @GetMapping("/products/{productId}")
  @SecurityRequirements
  @ProblemResponse(status = 404, codes = "NOT_FOUND")
  Product product(@PathVariable long productId) {
    return catalog.product(productId);
  }

  @GetMapping("/products/{productId}/price-history")
  @SecurityRequirements
  @Operation(
      summary = "The product's regular and sale price changes, oldest first",
      description = "The newest `limit` changes (default 100, at most 500).")
  @ProblemResponse(status = 404, codes = "NOT_FOUND")
  @ProblemResponse(status = 400, codes = "INVALID_LIMIT")
  List<PricePoint> priceHistory(
      @PathVariable long productId, @RequestParam(defaultValue = "100") int limit) {
    if (limit < 1 || limit > MAX_PRICE_HISTORY) {
      throw Problem.invalid("INVALID_LIMIT", "limit must be within 1.." + MAX_PRICE_HISTORY);
    }
    return catalog.priceHistory(productId, limit);
  }

  record DealView(Product product, long martId, String martName, long distanceM) {}

  @GetMapping("/deals/nearby")
  @SecurityRequirements
  @Operation(
      summary = "Products on sale today at marts within radius_m",
      description =
          "sort: discount (default), distance, price, unit_price (the sale price per 100 g or"
              + " 100 ml; products without a weight or volume last) or piece_price (per piece of a"
              + " pack: 10개입, 30구, 2L×6; single items last); size 1..100.")
  @ProblemResponse(
      status = 400,
      codes = {
        "INVALID_COORDINATES",
        "INVALID_RADIUS",
        "INVALID_PAGE",
        "INVALID_PAGE_SIZE",
        "INVALID_SORT",
        "INVALID_CATEGORY",
        "INVALID_QUERY"
      })
  Page<DealView> deals(
      @RequestParam Double lat,
      @RequestParam Double lng,
      @RequestParam(name = "radius_m", defaultValue = "1000") int radiusM,
      @RequestParam(required = false) String category,
      @RequestParam(required = false) String q,
      @RequestParam(defaultValue = "discount") String sort,
      @RequestParam(defaultValue = "0") int page,
      @RequestParam(defaultValue = "20") int size) {
    Geo.checkPoint(lat, lng);
    Geo.checkRadius(radiusM);
    Page.check(page, size);
    DealSort order;
    try {
      order = DealSort.valueOf(sort.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw Problem.invalid(
          "INVALID_SORT", "sort must be discount, distance, price, unit_price or piece_price");
    }
    List<DealView> rows =
        catalog
            .deals(lat, lng, radiusM, category(category), query(q), order, size, page * size)
            .stream()
            .map(d -> new DealView(d.product(), d.product().martId(), d.martName(), d.distanceM()))
            .toList();
    return Page.of(rows, page, size);
  }

  @PutMapping("/me/favorite-marts/{martId}")
  @ProblemResponse(status = 404, codes = "NOT_FOUND")
  @ProblemResponse(status = 409, codes = "TOO_MANY_FAVORITES")
  ResponseEntity<Void> addFavorite(CurrentUser user, @PathVariable long martId) {
    catalog.addFavorite(user.id(), martId);
    return ResponseEntity.noContent().build();
  }

  @DeleteMapping("/me/favorite-marts/{martId}")
  ResponseEntity<Void> removeFavorite(CurrentUser user, @PathVariable long martId) {
    catalog.removeFavorite(user.id(), martId);
    return ResponseEntity.noContent().build();
  }

  @GetMapping("/me/favorite-marts")
  List<Mart> favorites(CurrentUser user) {
    return catalog.favorites(user.id());
  }

  @GetMapping("/me/marts")
  @Operation(summary = "The marts the caller owns")
  List<Mart> myMarts(CurrentUser user) {
    return catalog.martsOwnedBy(user.id());
  }

  private static Category category(String code) {
    if (code == null || code.isBlank()) {
      return null;
    }
    return Category.of(code.strip().toUpperCase(Locale.ROOT))
        .orElseThrow(() -> Problem.invalid("INVALID_CATEGORY", "unknown category " + code));
  }

  /** The keyword in search form, or null for none. */
  private static String query(String q) {
    if (q == null || q.isBlank()) {
      return null;
    }
    if (q.length() > MAX_QUERY) {
      throw Problem.invalid("INVALID_QUERY", "q must be at most " + MAX_QUERY + " characters");
    }
    String normalized = ProductNames.normalize(q);
    if (normalized.isEmpty()) {
      throw Problem.invalid("INVALID_QUERY", "q must hold letters or digits");
    }
    return normalized;
  }
}
