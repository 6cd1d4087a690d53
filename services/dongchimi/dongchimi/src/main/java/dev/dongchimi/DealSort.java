package dev.dongchimi;

/** The orders of deals near a point; each ends with the product id, so pages are stable. */
public enum DealSort {
  DISCOUNT(Keys.DISCOUNT, true, "discount_rate desc, distance_m, id", true),
  DISTANCE(Keys.DISCOUNT, true, "distance_m, discount_rate desc, id", false),
  PRICE("p.sale_price", false, "sale_price, distance_m, id", true),
  /** Per 100 g or 100 ml (V4_4's generated column); products without one last. */
  UNIT_PRICE(Keys.UNIT_PRICE, false, "sort_key, distance_m, id", true),
  /** Per piece of a pack, 원/개 (V4_6's generated column); single items last. */
  PIECE_PRICE(Keys.PIECE_PRICE, false, "sort_key, distance_m, id", true);

  private static final class Keys {
    /**
     * The discount as the deal index of migration V4_2 orders it: {@code desc} ranks a null
     * discount (a free item: regular price 0) first, and 101 does the same, since no discount
     * exceeds 100 (a sale price is never negative).
     */
    static final String DISCOUNT = "coalesce(p.discount_rate, 101)";

    /**
     * The sale's unit price as the index of V4_4 orders it: none (no weight or volume) sorts after
     * every unit price, which the column caps below {@link Integer#MAX_VALUE}. No bound is then
     * {@code <= Integer.MAX_VALUE}, as for sort=price.
     */
    static final String UNIT_PRICE = "coalesce(p.sale_unit_price, 2147483647)";

    /** The sale's piece price as the index of V4_6 orders it; none sorts last, as above. */
    static final String PIECE_PRICE = "coalesce(p.sale_piece_price, 2147483647)";
  }

  /**
   * Among one mart's deals, where the distance is one value, the page's order is {@code key} (then
   * the id): the key of a deal index of V4_2. A constant SQL fragment, never user text.
   */
  final String key;

  final boolean descending;

  /** The order over the ranked rows, by their column names. A constant, never user text. */
  final String overall;

  /**
   * Whether the page is ordered by {@code key} first, so that the n-th best key among any n or more
   * deals bounds the keys of the page's n rows.
   */
  final boolean boundedByKey;

  DealSort(String key, boolean descending, String overall, boolean boundedByKey) {
    this.key = key;
    this.descending = descending;
    this.overall = overall;
    this.boundedByKey = boundedByKey;
  }

  /** The order among one mart's deals. */
  String withinMart() {
    return key + (descending ? " desc" : "") + ", p.id";
  }
}
