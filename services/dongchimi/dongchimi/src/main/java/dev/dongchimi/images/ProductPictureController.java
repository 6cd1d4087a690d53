package dev.dongchimi.images;

import dev.dongchimi.Catalog;
import dev.dongchimi.Problem;
import dev.dongchimi.Product;
import dev.platform.accounts.CurrentUser;
import dev.platform.storage.ObjectNotFoundException;
import dev.platform.storage.StorageException;
import dev.platform.web.ProblemResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.security.SecurityRequirements;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import org.springframework.core.io.InputStreamResource;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

/**
 * Product pictures: served to anyone (products are public, like the flyers they come from), and
 * replaced by the mart's owner with a photo of their own, which no import then overrides.
 */
@RestController
public class ProductPictureController {
  private final ProductPictures pictures;
  private final Catalog catalog;

  public ProductPictureController(ProductPictures pictures, Catalog catalog) {
    this.pictures = pictures;
    this.catalog = catalog;
  }

  @GetMapping("/product-images/{name}")
  @SecurityRequirements
  @Operation(
      summary = "A product picture or its thumbnail (public)",
      description =
          "The file named by a product's image_url or thumbnail_url. Names are content hashes:"
              + " the bytes under a name never change, so they are cached for a year.")
  @ProblemResponse(status = 404, codes = "NOT_FOUND")
  ResponseEntity<InputStreamResource> picture(@PathVariable String name) {
    if (!ProductPictures.NAME.matcher(name).matches()) {
      throw Problem.notFound("picture " + name);
    }
    InputStream in;
    try {
      in = pictures.open(name);
    } catch (ObjectNotFoundException e) {
      throw Problem.notFound("picture " + name);
    } catch (StorageException e) {
      throw unavailable();
    }
    return ResponseEntity.ok()
        .contentType(name.endsWith(".png") ? MediaType.IMAGE_PNG : MediaType.IMAGE_JPEG)
        .cacheControl(CacheControl.maxAge(Duration.ofDays(365)).cachePublic().immutable())
        .header("X-Content-Type-Options", "nosniff")
        .body(new InputStreamResource(in));
  }

  @PutMapping(path = "/products/{id}/image", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
  @Operation(
      summary = "Replace a product's picture with the mart's own photo (the mart's owner)",
      description =
          "Multipart `file`: a JPEG, PNG, GIF or WebP photo (told by its bytes; SVG refused),"
              + " within dongchimi.pictures.* (8 MB, 40 megapixels, sides 32..10,000). Kept as an"
              + " 800 px display size and a 240 px thumbnail. An import never replaces it.")
  @ProblemResponse(status = 404, codes = "NOT_FOUND")
  @ProblemResponse(status = 403, codes = "NOT_OWNER")
  @ProblemResponse(status = 400, codes = "INVALID_PICTURE")
  @ProblemResponse(status = 413, codes = "PICTURE_TOO_LARGE")
  @ProblemResponse(status = 415, codes = "UNSUPPORTED_IMAGE")
  @ProblemResponse(status = 503, codes = "STORAGE_UNAVAILABLE")
  Product replace(
      CurrentUser user, @PathVariable long id, @RequestParam("file") MultipartFile file) {
    Product product = owned(user, id); // before the upload is read
    if (file.getSize() > pictures.limits().maxBytes().toBytes()) {
      throw new Problem(
          HttpStatus.CONTENT_TOO_LARGE,
          "PICTURE_TOO_LARGE",
          "a picture may be at most " + pictures.limits().maxBytes().toMegabytes() + " MB");
    }
    KeptPicture kept;
    try {
      kept = pictures.upload(file.getBytes());
    } catch (PictureRefused e) {
      throw switch (e.reason()) {
        case "NOT_AN_IMAGE", "SVG_REFUSED" ->
            new Problem(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "UNSUPPORTED_IMAGE", e.getMessage());
        case "TOO_LARGE" ->
            new Problem(HttpStatus.CONTENT_TOO_LARGE, "PICTURE_TOO_LARGE", e.getMessage());
        default -> Problem.invalid("INVALID_PICTURE", e.reason() + ": " + e.getMessage());
      };
    } catch (IOException e) {
      throw Problem.invalid("INVALID_PICTURE", "the upload cannot be read");
    } catch (StorageException e) {
      throw unavailable();
    }
    pictures.assignOwnerPhoto(product.id(), kept);
    return catalog.product(id);
  }

  @DeleteMapping("/products/{id}/image")
  @Operation(summary = "Remove the mart's own photo of a product (the mart's owner)")
  @ProblemResponse(status = 404, codes = "NOT_FOUND")
  @ProblemResponse(status = 403, codes = "NOT_OWNER")
  ResponseEntity<Void> remove(CurrentUser user, @PathVariable long id) {
    owned(user, id);
    pictures.removeOwnerPhoto(id);
    return ResponseEntity.noContent().build();
  }

  private Product owned(CurrentUser user, long id) {
    Product product = catalog.product(id); // 404 when missing
    catalog.ownedMart(product.martId(), user.id()); // 403 when another's
    return product;
  }

  private static Problem unavailable() {
    return new Problem(
        HttpStatus.SERVICE_UNAVAILABLE, "STORAGE_UNAVAILABLE", "the pictures cannot be read now");
  }
}
