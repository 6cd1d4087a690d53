package dev.dongchimi;

import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A shopper's favourite products and the deals at their favourites: products on sale today at a
 * favourite mart ({@link Catalog#addFavorite}) or among the favourite products. Each account sees
 * and changes only its own.
 */
public class Favorites {
  static final int MAX_FAVORITE_PRODUCTS = 500;

  private final FavoriteRepository favorites;
  private final Catalog catalog;
  private final TransactionTemplate tx;

  Favorites(FavoriteRepository favorites, Catalog catalog, TransactionTemplate tx) {
    this.favorites = favorites;
    this.catalog = catalog;
    this.tx = tx;
  }

  /** 404 for a missing product; 409 past {@link #MAX_FAVORITE_PRODUCTS}. Adding twice is one. */
  public void addProduct(long userId, long productId) {
    catalog.product(productId);
    tx.executeWithoutResult(
        status -> {
          if (favorites.addProduct(userId, productId)
              && favorites.countProducts(userId) > MAX_FAVORITE_PRODUCTS) {
            throw new Problem(
                HttpStatus.CONFLICT,
                "TOO_MANY_FAVORITES",
                "at most " + MAX_FAVORITE_PRODUCTS + " favourite products");
          }
        });
  }

  public void removeProduct(long userId, long productId) {
    favorites.removeProduct(userId, productId);
  }

  public boolean isFavoriteProduct(long userId, long productId) {
    return favorites.isFavoriteProduct(userId, productId);
  }

  public List<Product> products(long userId) {
    return favorites.products(userId, catalog.today());
  }

  /** One page (plus one row to tell whether another follows), biggest discount first. */
  public List<FavoriteDeal> deals(long userId, int size, int offset) {
    return favorites.deals(userId, catalog.today(), size, offset);
  }
}
