package dev.dongchimi;

/**
 * A product on sale today at one of the shopper's favourite marts, or a favourite product on sale;
 * {@code favoriteProduct} tells which (both can hold).
 */
public record FavoriteDeal(Product product, String martName, boolean favoriteProduct) {}
