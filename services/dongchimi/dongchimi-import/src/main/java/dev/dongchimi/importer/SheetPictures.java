package dev.dongchimi.importer;

import java.time.Instant;
import java.util.List;

/**
 * Pictures pasted into imported sheets, as image candidates of the products on their rows: what an
 * image catalog can offer besides what it finds elsewhere. The bytes are in the object storage
 * under {@link SheetPicture#storageKey()}.
 */
public interface SheetPictures {

  /** A picture from a sheet's row. */
  record SheetPicture(
      String storageKey, String contentType, long size, int row, Instant importedAt) {}

  /**
   * The pictures imported for a product of a mart, newest first; {@code productKey} is the
   * catalog's upsert key ("barcode:…" or "name:…").
   */
  List<SheetPicture> of(long martId, String productKey, int limit);
}
