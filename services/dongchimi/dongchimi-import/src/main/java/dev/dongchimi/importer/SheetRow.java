package dev.dongchimi.importer;

import dev.dongchimi.ProductInput;
import dev.dongchimi.ProductNames;

/**
 * A valid data row: the product as the catalog will take it (category still open), its upsert key,
 * the cleaned name the AI analyses, and whether its sale period was assumed (the row had a sale
 * price and no dates).
 */
public record SheetRow(
    int row,
    ProductInput input,
    String productKey,
    ProductNames.Cleaned name,
    boolean periodAssumed) {

  /** The same product with the category the analysis chose. */
  ProductInput withCategory(String category, String imageUrl) {
    ProductInput p = input;
    return new ProductInput(
        p.rawName(),
        p.name(),
        category,
        p.regularPrice(),
        p.salePrice(),
        p.specAmount(),
        p.specUnit(),
        p.specPackCount(),
        p.imageUrl() != null ? p.imageUrl() : imageUrl,
        p.saleStart(),
        p.saleEnd(),
        p.barcode());
  }
}
