package dev.dongchimi;

import java.time.OffsetDateTime;

/** One change of a product's regular or sale price, as the price history shows it. */
public record PricePoint(int regularPrice, Integer salePrice, OffsetDateTime changedAt) {}
