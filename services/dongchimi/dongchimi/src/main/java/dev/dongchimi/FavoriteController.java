package dev.dongchimi;

import dev.platform.accounts.CurrentUser;
import dev.platform.web.ProblemResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The caller's favourite products and the deals at their favourites (marts and products). Signed in
 * only; each account reads and changes its own list, so there is no one else's to ask for.
 */
@RestController
@Tag(name = "dongchimi")
class FavoriteController {
  private final Favorites favorites;

  FavoriteController(Favorites favorites) {
    this.favorites = favorites;
  }

  @PutMapping("/me/favorite-products/{productId}")
  @Operation(summary = "Add a product to the caller's favourites (adding twice is one)")
  @ProblemResponse(status = 404, codes = "NOT_FOUND")
  @ProblemResponse(status = 409, codes = "TOO_MANY_FAVORITES")
  ResponseEntity<Void> add(CurrentUser user, @PathVariable long productId) {
    favorites.addProduct(user.id(), productId);
    return ResponseEntity.noContent().build();
  }

  @DeleteMapping("/me/favorite-products/{productId}")
  @Operation(summary = "Remove a product from the caller's favourites (absent: nothing to do)")
  ResponseEntity<Void> remove(CurrentUser user, @PathVariable long productId) {
    favorites.removeProduct(user.id(), productId);
    return ResponseEntity.noContent().build();
  }

  @GetMapping("/me/favorite-products")
  @Operation(summary = "The caller's favourite products, on sale or not, oldest favourite first")
  List<Product> list(CurrentUser user) {
    return favorites.products(user.id());
  }

  record FavoriteDealView(Product product, long martId, String martName, boolean favoriteProduct) {}

  @GetMapping("/me/favorite-deals")
  @Operation(
      summary = "Deals at the caller's favourites",
      description =
          "Products on sale today at a favourite mart or among the favourite products, biggest"
              + " discount first; favorite_product tells a favourite product. size 1..100.")
  @ProblemResponse(
      status = 400,
      codes = {"INVALID_PAGE", "INVALID_PAGE_SIZE"})
  Page<FavoriteDealView> deals(
      CurrentUser user,
      @RequestParam(defaultValue = "0") int page,
      @RequestParam(defaultValue = "20") int size) {
    Page.check(page, size);
    return Page.of(
        favorites.deals(user.id(), size, page * size).stream()
            .map(
                d ->
                    new FavoriteDealView(
                        d.product(), d.product().martId(), d.martName(), d.favoriteProduct()))
            .toList(),
        page,
        size);
  }
}
