package dev.dongchimi.images;

import dev.dongchimi.category.Category;
import dev.platform.storage.StorageException;
import java.util.List;

/**
 * The picture of a product posted through the API: the owner's {@code image_url} downloaded once
 * through the checked pipeline and kept as the owner's photo, never hot-linked; without one, or
 * when it cannot be kept, the placeholder — which {@link ProductPictures#assign} puts only where
 * the product has no other picture.
 */
public class ApiProductPicture {
  private final ProductPictures pictures;

  public ApiProductPicture(ProductPictures pictures) {
    this.pictures = pictures;
  }

  /** Why the owner's image_url was not kept ({@link PictureRefused#reason()}), or null. */
  public record Outcome(String refusedReason) {}

  /**
   * After the product is upserted: downloads and keeps the owner's image_url (or renders the
   * placeholder) and assigns it.
   */
  public Outcome give(
      long martId, String productKey, String imageUrl, Category category, String shortName) {
    String refused = null;
    KeptPicture kept = null;
    if (imageUrl != null) {
      try {
        kept = pictures.keep(imageUrl, KeptPicture.Source.OWNER);
      } catch (PictureRefused e) {
        refused = e.reason();
      } catch (StorageException | IllegalStateException e) {
        refused = "STORAGE";
      }
    }
    if (kept == null) {
      try {
        kept = pictures.placeholder(category, shortName);
      } catch (StorageException | IllegalStateException e) {
        return new Outcome(refused == null ? "STORAGE" : refused);
      }
    }
    pictures.assign(martId, List.of(new ProductPictures.Assignment(productKey, kept)));
    return new Outcome(refused);
  }
}
