package dev.taskrow.dongchimi;

/** The orders of deals near a point; each ends with the product id, so pages are stable. */
public enum DealSort {
  DISCOUNT("p.discount_rate desc, d.distance_m, p.id"),
  DISTANCE("d.distance_m, p.discount_rate desc, p.id"),
  PRICE("p.sale_price, d.distance_m, p.id");

  /** A constant SQL fragment, never user text. */
  final String orderBy;

  DealSort(String orderBy) {
    this.orderBy = orderBy;
  }
}
