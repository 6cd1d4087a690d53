package dev.dongchimi;

import dev.dongchimi.category.Category;
import dev.dongchimi.images.ProductPictures;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;

/**
 * How a product is read: the columns every product query selects (alias {@code p}), the condition
 * of being on sale, and the {@link Product} one such row makes. Shared by {@link ProductRepository}
 * and {@link DealsNearby}, so a product reads the same through either.
 */
final class ProductRows {
  static final String COLUMNS =
      """
      p.id, p.mart_id, p.name, p.raw_name, p.normalized_name, p.category, p.regular_price,
      p.sale_price, p.discount_rate, p.spec_amount, p.spec_unit, p.spec_pack_count, p.image_url,
      p.sale_start, p.sale_end, p.barcode, p.picture_name, p.picture_source
      """;
  static final String ON_SALE =
      "p.sale_price is not null and p.sale_start <= :today and p.sale_end >= :today";

  /** Where kept pictures are served: {@code GET /product-images/{name}}, public. */
  static final String PICTURES = "/product-images/";

  private ProductRows() {}

  static Product product(ResultSet rs, LocalDate today) throws SQLException {
    Integer sale = (Integer) rs.getObject("sale_price");
    LocalDate start = rs.getObject("sale_start", LocalDate.class);
    LocalDate end = rs.getObject("sale_end", LocalDate.class);
    boolean onSale =
        sale != null
            && start != null
            && end != null
            && !today.isBefore(start)
            && !today.isAfter(end);
    int regular = rs.getInt("regular_price");
    BigDecimal amount = rs.getBigDecimal("spec_amount");
    String unit = rs.getString("spec_unit");
    Product.Spec spec = null;
    ProductNames.UnitPrice unitPrice = null;
    ProductNames.PiecePrice piecePrice = null;
    if (amount != null && unit != null) {
      int pack = rs.getInt("spec_pack_count");
      spec = new Product.Spec(amount.stripTrailingZeros(), unit, pack == 0 ? 1 : pack);
      unitPrice =
          ProductNames.unitPrice(
              new ProductNames.Spec(amount, unit, spec.packCount()), onSale ? sale : regular);
      piecePrice =
          ProductNames.piecePrice(
              new ProductNames.Spec(amount, unit, spec.packCount()), onSale ? sale : regular);
    }
    // Only a kept picture is shown, served by 동치미 itself: an owner's URL is never hot-linked.
    String picture = rs.getString("picture_name");
    String imageUrl = picture != null ? PICTURES + picture : null;
    String thumbUrl = picture != null ? PICTURES + ProductPictures.thumbName(picture) : null;
    return new Product(
        rs.getLong("id"),
        rs.getLong("mart_id"),
        rs.getString("name"),
        rs.getString("raw_name"),
        rs.getString("normalized_name"),
        Category.valueOf(rs.getString("category")),
        regular,
        sale,
        (Integer) rs.getObject("discount_rate"),
        spec,
        unitPrice,
        imageUrl,
        start,
        end,
        rs.getString("barcode"),
        onSale,
        thumbUrl,
        rs.getString("picture_source"),
        piecePrice);
  }
}
