package dev.dongchimi.images;

/**
 * A picture stored under {@code dongchimi/product-images/}: the display file's name, where it came
 * from, and the URL it was downloaded from (null for placeholders and uploads).
 */
public record KeptPicture(String name, Source source, String sourceUrl) {
  /** Where a product's picture came from; a mart's own photo always wins. */
  public enum Source {
    PLACEHOLDER,
    MATCHED,
    OWNER
  }

  public String thumbName() {
    return ProductPictures.thumbName(name);
  }
}
