package dev.dongchimi;

import dev.dongchimi.category.Category;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.springframework.http.HttpStatus;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The mart catalog: marts with their owner rule, favourites, products and their price history.
 * {@link #upsertProducts} is the entry point for the Excel import and the demo data.
 */
public class Catalog {
  static final int MAX_FAVORITES = 200;
  static final int MAX_PRODUCTS_PER_CALL = 5_000;
  static final int UPSERT_CHUNK = 5_000;

  private final MartRepository marts;
  private final ProductRepository products;
  private final DealsNearby deals;
  private final TransactionTemplate tx;
  private final Clock clock;
  private final ZoneId zone;

  Catalog(
      MartRepository marts,
      ProductRepository products,
      DealsNearby deals,
      TransactionTemplate tx,
      Clock clock,
      ZoneId zone) {
    this.marts = marts;
    this.products = products;
    this.deals = deals;
    this.tx = tx;
    this.clock = clock;
    this.zone = zone;
  }

  /** A catalog on a bare data source (benchmarks, tools); the application wires its own. */
  public static Catalog on(javax.sql.DataSource dataSource, Clock clock, ZoneId zone) {
    org.springframework.jdbc.core.simple.JdbcClient jdbc =
        org.springframework.jdbc.core.simple.JdbcClient.create(dataSource);
    return new Catalog(
        new MartRepository(jdbc),
        new ProductRepository(jdbc),
        new DealsNearby(jdbc),
        new TransactionTemplate(
            new org.springframework.jdbc.support.JdbcTransactionManager(dataSource)),
        clock,
        zone);
  }

  /** Today where the marts are (Asia/Seoul by default): sale windows and flyers are dates. */
  public LocalDate today() {
    return LocalDate.ofInstant(clock.instant(), zone);
  }

  public Mart createMart(long ownerId, MartInput input) {
    MartInput valid = input.validated();
    return marts.find(marts.insert(ownerId, valid)).orElseThrow();
  }

  public Mart mart(long martId) {
    return marts.find(martId).orElseThrow(() -> new MartNotFoundException(martId));
  }

  /** The mart, when {@code userId} owns it: 404 when it does not exist, 403 when another's. */
  public Mart ownedMart(long martId, long userId) {
    Mart mart = mart(martId);
    if (mart.ownerId() != userId) {
      throw Problem.notOwner();
    }
    return mart;
  }

  public Mart updateMart(long martId, long userId, MartInput patch) {
    Mart mart = ownedMart(martId, userId);
    marts.update(martId, patch.over(mart).validated());
    return mart(martId);
  }

  public List<Mart> martsOwnedBy(long ownerId) {
    return marts.ownedBy(ownerId);
  }

  public List<NearbyMart> nearby(double lat, double lng, int radiusM, int limit) {
    return marts.nearby(lat, lng, radiusM, limit, today());
  }

  public void addFavorite(long userId, long martId) {
    mart(martId);
    tx.executeWithoutResult(
        status -> {
          if (marts.addFavorite(userId, martId) && marts.countFavorites(userId) > MAX_FAVORITES) {
            throw new Problem(
                HttpStatus.CONFLICT,
                "TOO_MANY_FAVORITES",
                "at most " + MAX_FAVORITES + " favourite marts");
          }
        });
  }

  public void removeFavorite(long userId, long martId) {
    marts.removeFavorite(userId, martId);
  }

  public List<Mart> favorites(long userId) {
    return marts.favorites(userId);
  }

  public boolean isFavorite(long userId, long martId) {
    return marts.favorites(userId).stream().anyMatch(m -> m.id() == martId);
  }

  /**
   * Inserts or updates a mart's products in one transaction (all or nothing), keyed by barcode or
   * else by normalised name, and records every change of regular or sale price in the price
   * history. Returns the products' ids in input order. Idempotent: the same input twice changes
   * nothing the second time.
   */
  public List<Long> upsertProducts(long martId, List<ProductInput> inputs) {
    if (inputs.size() > MAX_PRODUCTS_PER_CALL) {
      throw Problem.invalid("TOO_MANY_PRODUCTS", "at most " + MAX_PRODUCTS_PER_CALL + " per call");
    }
    return upsertCounted(martId, inputs).ids();
  }

  /** What an upsert did: ids in input order and how many rows were created, changed, unchanged. */
  public record Upserted(List<Long> ids, int created, int updated, int unchanged) {}

  /**
   * {@link #upsertProducts} without the per-call limit, for the Excel import (which enforces its
   * own row limit), counting what changed. Joins the caller's transaction when there is one.
   */
  public Upserted upsertCounted(long martId, List<ProductInput> inputs) {
    List<ProductInput.Valid> valid = inputs.stream().map(ProductInput::validated).toList();
    mart(martId);
    return tx.execute(
        status -> {
          List<Long> ids = new ArrayList<>(valid.size());
          int[] counts = new int[3];
          // A file's products in a few statements instead of three per product. One statement
          // cannot upsert a row twice, so a key that repeats starts the next chunk: the later
          // input then sees the earlier one, as if applied one at a time.
          List<ProductInput.Valid> chunk = new ArrayList<>();
          Set<String> keys = new HashSet<>();
          for (ProductInput.Valid p : valid) {
            if (chunk.size() == UPSERT_CHUNK || !keys.add(p.productKey())) {
              upsertChunk(martId, chunk, ids, counts);
              chunk.clear();
              keys.clear();
              keys.add(p.productKey());
            }
            chunk.add(p);
          }
          upsertChunk(martId, chunk, ids, counts);
          return new Upserted(ids, counts[0], counts[1], counts[2]);
        });
  }

  private void upsertChunk(
      long martId, List<ProductInput.Valid> chunk, List<Long> ids, int[] counts) {
    if (chunk.isEmpty()) {
      return;
    }
    for (ProductRepository.Upserted u : products.upsertAll(martId, chunk, clock.instant())) {
      ids.add(u.id());
      counts[u.outcome().ordinal()]++;
    }
  }

  public Product product(long productId) {
    return products
        .find(productId, today())
        .orElseThrow(() -> Problem.notFound("product " + productId));
  }

  /**
   * The owner changes one product's regular and sale price and sale period (the page's inline
   * edit): 404 for a missing product, 403 for another owner's, 400 as any product input. The change
   * goes through the upsert, so it lands in the price history like an import's.
   */
  public Product changePrice(long productId, long userId, PriceChange change) {
    Product product = product(productId);
    ownedMart(product.martId(), userId);
    upsertProducts(product.martId(), List.of(change.over(product)));
    return product(productId);
  }

  public List<PricePoint> priceHistory(long productId, int limit) {
    product(productId);
    return products.priceHistory(productId, limit);
  }

  /** A mart's products, filtered; 404 for a missing mart. */
  public List<Product> productsOfMart(
      long martId, Category category, Boolean onSale, String q, int size, int offset) {
    mart(martId);
    return products.ofMart(martId, category, onSale, q, today(), size, offset);
  }

  public List<Deal> deals(
      double lat,
      double lng,
      int radiusM,
      Category category,
      String q,
      DealSort sort,
      int size,
      int offset) {
    return deals.page(lat, lng, radiusM, category, q, sort, today(), size, offset);
  }
}
