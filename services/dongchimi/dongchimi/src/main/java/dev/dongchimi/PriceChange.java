package dev.dongchimi;

import java.time.LocalDate;

/**
 * An owner's change of one product's prices and sale period: all four replace the stored ones (no
 * sale price clears the sale). Checked by the same rules as any product input ({@link
 * ProductInput#check}).
 */
public record PriceChange(
    Integer regularPrice, Integer salePrice, LocalDate saleStart, LocalDate saleEnd) {

  /** The stored product with these prices: same name, key, spec and image. */
  ProductInput over(Product product) {
    Product.Spec spec = product.spec();
    return new ProductInput(
        product.rawName(),
        product.name(),
        product.category().name(),
        regularPrice,
        salePrice,
        spec == null ? null : spec.amount(),
        spec == null ? null : spec.unit(),
        spec == null ? null : spec.packCount(),
        null, // the kept picture stays (its own columns); imageUrl is its served path, not a URL
        saleStart,
        saleEnd,
        product.barcode());
  }
}
