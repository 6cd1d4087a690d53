package dev.dongchimi;

import dev.dongchimi.category.Category;
import java.math.BigDecimal;
import java.time.LocalDate;

/** A product as the API shows it. */
public record Product(
    long id,
    long martId,
    String name,
    String rawName,
    String normalizedName,
    Category category,
    int regularPrice,
    Integer salePrice,
    Integer discountRate,
    Spec spec,
    ProductNames.UnitPrice unitPrice,
    String imageUrl,
    LocalDate saleStart,
    LocalDate saleEnd,
    String barcode,
    boolean onSale) {

  /** Amount and unit (g, kg, ml, l, or another word) of one item, times the pack count. */
  public record Spec(BigDecimal amount, String unit, int packCount) {}
}
