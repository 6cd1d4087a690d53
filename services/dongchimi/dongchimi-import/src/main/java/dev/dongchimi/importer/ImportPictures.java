package dev.dongchimi.importer;

import dev.dongchimi.category.Category;
import dev.dongchimi.images.KeptPicture;
import dev.dongchimi.images.PictureRefused;
import dev.dongchimi.images.ProductPictures;
import dev.platform.storage.StorageException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;

/**
 * The pictures of an import's products, before they are applied, in the order of precedence: a
 * picture pasted in the product's row of the sheet, else the sheet's own image_url, else the
 * matched candidate — each checked and resized once — else the placeholder. The first two are the
 * owner's photo and win over a matched one at assignment; a placeholder only goes where the product
 * has nothing else ({@link ProductPictures#assign}). A picture that cannot be kept leaves a row
 * warning and the next in line (a failed download: the placeholder) — never a failed import.
 * Downloads run on virtual threads, a few at a time.
 */
class ImportPictures {
  /** The pictures to assign and the rows whose picture could not be kept. */
  record Result(List<ProductPictures.Assignment> assignments, List<RowError> warnings) {}

  private final ProductPictures pictures;
  private final int concurrency;

  ImportPictures(ProductPictures pictures, int concurrency) {
    this.pictures = pictures;
    this.concurrency = concurrency;
  }

  /**
   * {@code sheetPictures}: the bytes of the first picture pasted in a product's rows, by product
   * key.
   */
  Result forRows(
      List<SheetRow> rows,
      Map<String, Analyser.Analysis> analysis,
      Map<String, SheetPictureBytes> sheetPictures) {
    Map<String, SheetRow> byKey = new LinkedHashMap<>();
    rows.forEach(r -> byKey.putIfAbsent(r.productKey(), r));
    List<ProductPictures.Assignment> assignments = Collections.synchronizedList(new ArrayList<>());
    List<RowError> warnings = Collections.synchronizedList(new ArrayList<>());
    Semaphore permits = new Semaphore(concurrency);
    try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
      for (SheetRow row : byKey.values()) {
        Analyser.Analysis a = analysis.get(row.name().matchKey());
        threads.execute(
            () -> {
              permits.acquireUninterruptibly();
              try {
                one(row, a, sheetPictures.get(row.productKey()), assignments, warnings);
              } finally {
                permits.release();
              }
            });
      }
    }
    List<RowError> sorted = new ArrayList<>(warnings);
    sorted.sort((x, y) -> Integer.compare(x.row(), y.row()));
    return new Result(List.copyOf(assignments), sorted);
  }

  /** In the import's transaction, after the products are upserted. */
  void assign(long martId, Result result) {
    pictures.assign(martId, result.assignments());
  }

  private void one(
      SheetRow row,
      Analyser.Analysis a,
      SheetPictureBytes pasted,
      List<ProductPictures.Assignment> assignments,
      List<RowError> warnings) {
    if (pasted != null) {
      try {
        KeptPicture kept = pictures.sheetPicture(pasted.bytes());
        assignments.add(new ProductPictures.Assignment(row.productKey(), kept));
        return;
      } catch (PictureRefused e) {
        warnings.add(
            new RowError(pasted.row(), "이미지", "sheet picture", "picture not kept: " + e.reason()));
      } catch (StorageException | IllegalStateException e) {
        warnings.add(
            new RowError(pasted.row(), "이미지", "sheet picture", "picture not kept: STORAGE"));
      }
    }
    String own = row.input().imageUrl(); // the mart's own picture, from the sheet
    String url = own != null ? own : a.imageUrl();
    if (url != null) {
      try {
        KeptPicture kept =
            pictures.keep(url, own != null ? KeptPicture.Source.OWNER : KeptPicture.Source.MATCHED);
        assignments.add(new ProductPictures.Assignment(row.productKey(), kept));
        return;
      } catch (PictureRefused e) {
        warnings.add(new RowError(row.row(), "이미지", url, "picture not kept: " + e.reason()));
      } catch (StorageException | IllegalStateException e) {
        warnings.add(new RowError(row.row(), "이미지", url, "picture not kept: STORAGE"));
      }
    }
    try {
      assignments.add(
          new ProductPictures.Assignment(
              row.productKey(), pictures.placeholder(a.category(), shortName(row))));
    } catch (StorageException | IllegalStateException e) {
      warnings.add(new RowError(row.row(), "이미지", null, "picture not kept: STORAGE"));
    }
  }

  private static String shortName(SheetRow row) {
    String base = row.name().baseName();
    return base == null || base.isBlank() ? Category.OTHER.label() : base;
  }
}
