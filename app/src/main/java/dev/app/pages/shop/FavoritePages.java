package dev.app.pages.shop;

import dev.dongchimi.Catalog;
import dev.dongchimi.FavoriteDeal;
import dev.dongchimi.Favorites;
import dev.platform.accounts.CurrentUser;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * A signed-in shopper's favourites (under {@code /shop/favorites}, a signed-in path): the deals at
 * their favourite marts and products, the lists, and the add/remove buttons of the mart and product
 * pages. Through {@link Catalog} and {@link Favorites}, the API's own calls: a shopper only ever
 * reaches their own list.
 */
@Controller
class FavoritePages {
  static final int PAGE_SIZE = 20;

  private final Catalog catalog;
  private final Favorites favorites;

  FavoritePages(Catalog catalog, Favorites favorites) {
    this.catalog = catalog;
    this.favorites = favorites;
  }

  @GetMapping("/shop/favorites")
  String favorites(CurrentUser user, @RequestParam(defaultValue = "0") int page, Model model) {
    int p = Math.max(0, page);
    dev.dongchimi.Page.check(p, PAGE_SIZE);
    dev.dongchimi.Page<FavoriteDeal> deals =
        dev.dongchimi.Page.of(favorites.deals(user.id(), PAGE_SIZE, p * PAGE_SIZE), p, PAGE_SIZE);
    model.addAttribute("deals", deals);
    model.addAttribute("marts", catalog.favorites(user.id()));
    model.addAttribute("products", favorites.products(user.id()));
    return "pages/shop/favorites";
  }

  @PostMapping("/shop/favorites/marts/{martId}")
  String mart(
      CurrentUser user, @PathVariable long martId, @RequestParam(defaultValue = "add") String op) {
    if ("remove".equals(op)) {
      catalog.removeFavorite(user.id(), martId);
    } else {
      catalog.addFavorite(user.id(), martId);
    }
    return "redirect:/shop/marts/" + martId;
  }

  @PostMapping("/shop/favorites/products/{productId}")
  String product(
      CurrentUser user,
      @PathVariable long productId,
      @RequestParam(defaultValue = "add") String op) {
    if ("remove".equals(op)) {
      favorites.removeProduct(user.id(), productId);
    } else {
      favorites.addProduct(user.id(), productId);
    }
    return "redirect:/shop/products/" + productId;
  }
}
