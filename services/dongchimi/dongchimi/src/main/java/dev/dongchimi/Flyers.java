package dev.dongchimi;

import dev.platform.storage.ObjectStorage;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.time.Duration;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpStatus;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Flyers of a mart and their rules: dates, page count, size and type; page images live in object
 * storage, rows in {@link FlyerRepository}.
 */
public class Flyers {
  static final int MAX_PAGES = 10;
  static final long MAX_PAGE_BYTES = 5L * 1024 * 1024;
  static final int MAX_DAYS = 92;
  static final int ENDS_SOON_DAYS = 2;
  static final Duration LINK_TTL = Duration.ofHours(1);

  private final FlyerRepository flyers;
  private final TransactionTemplate tx;
  private final ObjectProvider<ObjectStorage> storage;
  private final Catalog catalog;

  Flyers(
      FlyerRepository flyers,
      TransactionTemplate tx,
      ObjectProvider<ObjectStorage> storage,
      Catalog catalog) {
    this.flyers = flyers;
    this.tx = tx;
    this.storage = storage;
    this.catalog = catalog;
  }

  /** A page image already read and checked. */
  public record PageUpload(byte[] bytes) {}

  public record FlyerView(
      long id,
      long martId,
      String title,
      LocalDate validFrom,
      LocalDate validTo,
      boolean active,
      boolean endsSoon,
      List<PageView> pages) {}

  public record PageView(int pageNo, String contentType, long sizeBytes, URI url) {}

  /** 404 for a missing mart, 403 for someone else's. */
  public void checkOwner(long martId, long userId) {
    catalog.ownedMart(martId, userId);
  }

  /** Creates a flyer of the owner's mart with its pages, or nothing at all. */
  public FlyerView create(
      long martId,
      long userId,
      String title,
      LocalDate from,
      LocalDate to,
      List<PageUpload> pages) {
    catalog.ownedMart(martId, userId);
    String t = Text.required("title", title, 100);
    if (from == null || to == null || to.isBefore(from)) {
      throw Problem.invalid("INVALID_DATES", "valid_from and valid_to are required, in order");
    }
    if (ChronoUnit.DAYS.between(from, to) > MAX_DAYS) {
      throw Problem.invalid("INVALID_DATES", "a flyer runs at most " + MAX_DAYS + " days");
    }
    if (pages.size() > MAX_PAGES) {
      throw Problem.invalid("TOO_MANY_PAGES", "at most " + MAX_PAGES + " pages");
    }
    List<ImageType> types = new ArrayList<>();
    for (PageUpload page : pages) {
      if (page.bytes().length > MAX_PAGE_BYTES) {
        throw new Problem(
            HttpStatus.PAYLOAD_TOO_LARGE, "PAGE_TOO_LARGE", "a page may have at most 5 MB");
      }
      types.add(
          ImageType.sniff(page.bytes())
              .orElseThrow(
                  () ->
                      new Problem(
                          HttpStatus.UNSUPPORTED_MEDIA_TYPE,
                          "UNSUPPORTED_IMAGE",
                          "pages must be JPEG, PNG or WebP images")));
    }
    ObjectStorage store = pages.isEmpty() ? null : storage.getIfAvailable();
    if (!pages.isEmpty() && store == null) {
      throw new Problem(
          HttpStatus.SERVICE_UNAVAILABLE, "STORAGE_UNAVAILABLE", "no object storage is configured");
    }
    List<String> stored = new ArrayList<>();
    try {
      long id =
          tx.execute(
              status -> {
                long flyerId = flyers.insert(martId, t, from, to);
                for (int i = 0; i < pages.size(); i++) {
                  byte[] bytes = pages.get(i).bytes();
                  ImageType type = types.get(i);
                  String key = "dongchimi/flyers/" + flyerId + "/" + (i + 1) + "." + type.extension;
                  store.put(key, new ByteArrayInputStream(bytes), bytes.length, type.contentType);
                  stored.add(key);
                  flyers.insertPage(flyerId, i + 1, key, type.contentType, bytes.length);
                }
                return flyerId;
              });
      return list(martId, false).stream().filter(f -> f.id() == id).findFirst().orElseThrow();
    } catch (RuntimeException e) {
      // The rows rolled back: remove the objects stored for them, so none is orphaned.
      for (String key : stored) {
        try {
          store.delete(key);
        } catch (RuntimeException cleanup) {
          e.addSuppressed(cleanup);
        }
      }
      throw e;
    }
  }

  /** The mart's flyers, newest end first; only those valid today when {@code activeOnly}. */
  public List<FlyerView> list(long martId, boolean activeOnly) {
    catalog.mart(martId);
    LocalDate today = catalog.today();
    List<FlyerRepository.FlyerRow> rows = flyers.ofMart(martId, activeOnly, today);
    if (rows.isEmpty()) {
      return List.of();
    }
    List<FlyerRepository.PageRow> pages =
        flyers.pagesOf(rows.stream().map(FlyerRepository.FlyerRow::id).toList());
    ObjectStorage store = storage.getIfAvailable();
    return rows.stream()
        .map(
            r -> {
              boolean active = !today.isBefore(r.from()) && !today.isAfter(r.to());
              boolean endsSoon = active && !today.isBefore(r.to().minusDays(ENDS_SOON_DAYS));
              List<PageView> views =
                  pages.stream()
                      .filter(p -> p.flyerId() == r.id())
                      .map(
                          p ->
                              new PageView(
                                  p.pageNo(),
                                  p.contentType(),
                                  p.size(),
                                  store == null ? null : store.signedUrl(p.key(), LINK_TTL)))
                      .toList();
              return new FlyerView(
                  r.id(), r.martId(), r.title(), r.from(), r.to(), active, endsSoon, views);
            })
        .toList();
  }
}
