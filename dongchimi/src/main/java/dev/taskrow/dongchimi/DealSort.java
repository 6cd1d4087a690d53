package dev.taskrow.dongchimi;

/** The orders of deals near a point; each ends with the product id, so pages are stable. */
public enum DealSort {
  DISCOUNT("p.discount_rate desc, p.id", "discount_rate desc, distance_m, id"),
  DISTANCE("p.discount_rate desc, p.id", "distance_m, discount_rate desc, id"),
  PRICE("p.sale_price, p.id", "sale_price, distance_m, id");

  /**
   * The same order among one mart's products, where the distance is one value: the order of an
   * index of migration V4_2. A constant SQL fragment, never user text.
   */
  final String withinMart;

  /** The order over the ranked rows, by their column names. A constant, never user text. */
  final String overall;

  DealSort(String withinMart, String overall) {
    this.withinMart = withinMart;
    this.overall = overall;
  }
}
