package dev.dongchimi;

/** A mart near the asker, with its distance and the number of its products on sale today. */
public record NearbyMart(Mart mart, long distanceM, long onSaleCount) {}
