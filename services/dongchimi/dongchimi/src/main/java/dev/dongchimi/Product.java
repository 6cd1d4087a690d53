package dev.dongchimi;

import dev.dongchimi.category.Category;
import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * A product as the API shows it. {@code imageUrl} and {@code thumbnailUrl} are 동치미's own {@code
 * /product-images/…} paths when a picture is kept; {@code pictureSource} says which kind
 * (PLACEHOLDER, MATCHED, OWNER), null when there is none. {@code piecePrice} is the price of one
 * piece of a pack of two or more (원/개), beside {@code unitPrice} per 100 g / 100 ml.
 */
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
    boolean onSale,
    String thumbnailUrl,
    String pictureSource,
    ProductNames.PiecePrice piecePrice) {

  /** Amount and unit (g, kg, ml, l, or another word) of one item, times the pack count. */
  public record Spec(BigDecimal amount, String unit, int packCount) {}
}
