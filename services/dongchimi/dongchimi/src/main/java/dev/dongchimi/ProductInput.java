package dev.dongchimi;

import dev.dongchimi.category.Category;
import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * One product as an owner, the Excel import or the demo data gives it. {@code name} defaults to the
 * cleaned {@code raw_name}; the spec is parsed from the raw name when not given.
 */
public record ProductInput(
    String rawName,
    String name,
    String category,
    Integer regularPrice,
    Integer salePrice,
    BigDecimal specAmount,
    String specUnit,
    Integer specPackCount,
    String imageUrl,
    LocalDate saleStart,
    LocalDate saleEnd,
    String barcode) {

  /**
   * Ten million won: more than any product of a neighbourhood mart, and low enough that the table's
   * generated discount rate, ((regular − sale) × 100) / regular in 32-bit integers, never overflows
   * (it would past 21,474,836 won).
   */
  public static final int MAX_PRICE = 10_000_000;

  /**
   * Checks the input as {@link Catalog#upsertProducts} will; a {@link Problem} names what is wrong.
   * Returns the product's upsert key within its mart ("barcode:…" or "name:…").
   */
  public String check() {
    return validated().productKey();
  }

  /** The checked and completed input, ready to store. */
  Valid validated() {
    String raw = Text.required("raw_name", rawName, 200);
    String display = Text.optional("name", name, 200);
    if (display == null) {
      display = ProductNames.display(raw);
    }
    String normalized = ProductNames.normalize(display);
    if (normalized.isEmpty()) {
      throw Problem.invalid("INVALID_NAME", "the name must hold letters or digits");
    }
    Category cat =
        Category.of(category)
            .orElseThrow(() -> Problem.invalid("INVALID_CATEGORY", "unknown category " + category));
    if (regularPrice == null || regularPrice < 0 || regularPrice > MAX_PRICE) {
      throw Problem.invalid("INVALID_PRICE", "regular_price must be within 0.." + MAX_PRICE);
    }
    if (salePrice != null && (salePrice < 0 || salePrice > regularPrice)) {
      throw Problem.invalid("INVALID_PRICE", "sale_price must be within 0..regular_price");
    }
    if (salePrice != null && (saleStart == null || saleEnd == null)) {
      throw Problem.invalid("INVALID_SALE_WINDOW", "a sale needs sale_start and sale_end");
    }
    if (saleStart != null && saleEnd != null && saleEnd.isBefore(saleStart)) {
      throw Problem.invalid("INVALID_SALE_WINDOW", "sale_end is before sale_start");
    }
    ProductNames.Spec spec;
    if (specAmount != null || specUnit != null) {
      String unit = Text.required("spec_unit", specUnit, 10).toLowerCase();
      if (specAmount == null
          || specAmount.signum() <= 0
          || specAmount.compareTo(BigDecimal.valueOf(1_000_000)) > 0) {
        throw Problem.invalid("INVALID_SPEC", "spec_amount must be positive");
      }
      int pack = specPackCount == null ? 1 : specPackCount;
      if (pack < 1 || pack > 1000) {
        throw Problem.invalid("INVALID_SPEC", "spec_pack_count must be within 1..1000");
      }
      spec = new ProductNames.Spec(specAmount, unit, pack);
    } else {
      spec = ProductNames.parseSpec(raw).orElse(null);
    }
    String image = Text.optional("image_url", imageUrl, 1000);
    if (image != null && !(image.startsWith("https://") || image.startsWith("http://"))) {
      throw Problem.invalid("INVALID_IMAGE_URL", "image_url must be an http(s) URL");
    }
    String code = Text.optional("barcode", barcode, 32);
    if (code != null && !code.matches("[0-9]{8,14}")) {
      throw Problem.invalid("INVALID_BARCODE", "barcode must be 8..14 digits");
    }
    return new Valid(
        code != null ? "barcode:" + code : "name:" + normalized,
        display,
        raw,
        normalized,
        cat,
        regularPrice,
        salePrice,
        spec,
        image,
        saleStart,
        saleEnd,
        code);
  }

  record Valid(
      String productKey,
      String name,
      String rawName,
      String normalizedName,
      Category category,
      int regularPrice,
      Integer salePrice,
      ProductNames.Spec spec,
      String imageUrl,
      LocalDate saleStart,
      LocalDate saleEnd,
      String barcode) {}
}
