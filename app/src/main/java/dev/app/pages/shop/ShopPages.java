package dev.app.pages.shop;

import dev.app.pages.PagesProperties;
import dev.dongchimi.Catalog;
import dev.dongchimi.DealSort;
import dev.dongchimi.Favorites;
import dev.dongchimi.Flyers;
import dev.dongchimi.Mart;
import dev.dongchimi.Problem;
import dev.dongchimi.Product;
import dev.dongchimi.ProductNames;
import dev.dongchimi.category.Category;
import dev.platform.accounts.SessionUser;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The shoppers' pages, no account needed: deals near a location or a chosen neighbourhood (list and
 * map), a mart's page, a product's price history. They read through 동치미's {@link Catalog} and
 * {@link Flyers}, the same calls and limits as the public JSON API.
 */
@Controller
class ShopPages {
  static final int PAGE_SIZE = 20;
  static final List<Integer> RADII = List.of(500, 1000, 1500, 3000, 5000);
  static final int MAP_MARTS = 50;

  private final Catalog catalog;
  private final Favorites favorites;
  private final Flyers flyers;
  private final PagesProperties properties;
  private final Clock clock;

  ShopPages(
      Catalog catalog,
      Favorites favorites,
      Flyers flyers,
      PagesProperties properties,
      Clock clock) {
    this.catalog = catalog;
    this.favorites = favorites;
    this.flyers = flyers;
    this.properties = properties;
    this.clock = clock;
  }

  @GetMapping("/shop")
  String deals(
      @RequestParam(required = false) Double lat,
      @RequestParam(required = false) Double lng,
      @RequestParam(required = false) String area,
      @RequestParam(name = "radius", defaultValue = "1500") int radius,
      @RequestParam(defaultValue = "discount") String sort,
      @RequestParam(required = false) String category,
      @RequestParam(required = false) String q,
      @RequestParam(defaultValue = "0") int page,
      Model model) {
    model.addAttribute("neighbourhoods", Neighbourhood.ALL);
    model.addAttribute("radii", RADII);
    model.addAttribute("sorts", Arrays.stream(DealSort.values()).map(Enum::name).toList());
    model.addAttribute("categories", Category.values());
    model.addAttribute("map", properties.map());
    model.addAttribute("radius", RADII.contains(radius) ? radius : 1500);
    model.addAttribute("sort", sort.toLowerCase(Locale.ROOT));
    model.addAttribute("category", category);
    model.addAttribute("q", q);
    model.addAttribute("area", area);
    if (lat == null || lng == null) {
      Neighbourhood chosen = area == null ? null : Neighbourhood.of(area).orElse(null);
      if (chosen == null) {
        return "pages/shop/deals"; // choose a place first
      }
      lat = chosen.lat();
      lng = chosen.lng();
    }
    DealSort order;
    try {
      order = DealSort.valueOf(sort.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw Problem.invalid(
          "INVALID_SORT", "sort must be discount, distance, price, unit_price or piece_price");
    }
    int r = RADII.contains(radius) ? radius : 1500;
    int p = Math.max(0, page);
    dev.dongchimi.Page.check(p, PAGE_SIZE);
    dev.dongchimi.Page<dev.dongchimi.Deal> deals =
        dev.dongchimi.Page.of(
            catalog.deals(
                lat, lng, r, category(category), query(q), order, PAGE_SIZE, p * PAGE_SIZE),
            p,
            PAGE_SIZE);
    model.addAttribute("lat", lat);
    model.addAttribute("lng", lng);
    model.addAttribute("deals", deals);
    model.addAttribute("marts", catalog.nearby(lat, lng, r, MAP_MARTS));
    return "pages/shop/deals";
  }

  @GetMapping("/shop/marts/{martId}")
  String mart(@PathVariable long martId, Model model) {
    Mart mart = catalog.mart(martId);
    model.addAttribute("mart", mart);
    SessionUser viewer = viewer();
    model.addAttribute("favorite", viewer != null && catalog.isFavorite(viewer.id(), martId));
    model.addAttribute("flyers", flyers.list(martId, true));
    model.addAttribute("products", catalog.productsOfMart(martId, null, true, null, 100, 0));
    return "pages/shop/mart";
  }

  @GetMapping("/shop/products/{productId}")
  String product(@PathVariable long productId, Model model) {
    Product product = catalog.product(productId);
    model.addAttribute("product", product);
    SessionUser viewer = viewer();
    model.addAttribute(
        "favorite", viewer != null && favorites.isFavoriteProduct(viewer.id(), productId));
    model.addAttribute("mart", catalog.mart(product.martId()));
    model.addAttribute(
        "chart", PriceChart.of(product, catalog.priceHistory(productId, 100), clock.instant()));
    model.addAttribute("chartWidth", PriceChart.WIDTH);
    model.addAttribute("chartHeight", PriceChart.HEIGHT);
    return "pages/shop/product";
  }

  /** The signed-in shopper, or null: looking needs no account, a favourite does. */
  private static SessionUser viewer() {
    Authentication auth = SecurityContextHolder.getContext().getAuthentication();
    return auth != null && auth.getPrincipal() instanceof SessionUser user ? user : null;
  }

  /** As the API reads {@code category}: a code of the taxonomy, or none. */
  private static Category category(String code) {
    if (code == null || code.isBlank()) {
      return null;
    }
    return Category.of(code.strip().toUpperCase(Locale.ROOT))
        .orElseThrow(() -> Problem.invalid("INVALID_CATEGORY", "unknown category " + code));
  }

  /** As the API reads {@code q}: at most 50 characters, searched in normalised form. */
  private static String query(String q) {
    if (q == null || q.isBlank()) {
      return null;
    }
    String normalized = ProductNames.normalize(q.length() > 50 ? q.substring(0, 50) : q);
    return normalized.isEmpty() ? null : normalized;
  }
}
