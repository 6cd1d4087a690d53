package dev.dongchimi;

import static dev.dongchimi.ProductRows.COLUMNS;
import static dev.dongchimi.ProductRows.ON_SALE;

import dev.dongchimi.category.Category;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * A mart's products and their price history: the upsert that writes both, a product by id, a page
 * of one mart's products, a product's price changes. Deals across marts near a point are {@link
 * DealsNearby}'s. Named parameters only.
 */
class ProductRepository {
  private final JdbcClient jdbc;

  ProductRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** What one statement of {@link #upsertAll} did to a product. */
  enum Outcome {
    CREATED,
    UPDATED,
    UNCHANGED
  }

  record Upserted(long id, Outcome outcome) {}

  /**
   * Inserts or updates every product with one statement, and records the price of each product
   * created or whose prices changed. Keys must be distinct (a row cannot be upserted twice in one
   * statement). The CTEs share one snapshot: {@code before} holds the prices as they were, {@code
   * upserted} the rows written; a row whose values are all the same is not written and comes back
   * UNCHANGED. Answers in input order.
   */
  List<Upserted> upsertAll(long martId, List<ProductInput.Valid> ps, Instant at) {
    int n = ps.size();
    String[][] columns = new String[14][n];
    for (int i = 0; i < n; i++) {
      ProductInput.Valid p = ps.get(i);
      ProductNames.Spec spec = p.spec();
      String[] row = {
        p.productKey(),
        p.name(),
        p.rawName(),
        p.normalizedName(),
        p.category().name(),
        Integer.toString(p.regularPrice()),
        p.salePrice() == null ? null : p.salePrice().toString(),
        spec == null ? null : spec.amount().toPlainString(),
        spec == null ? null : spec.unit(),
        spec == null ? null : Integer.toString(spec.packCount()),
        p.imageUrl(),
        p.saleStart() == null ? null : p.saleStart().toString(),
        p.saleEnd() == null ? null : p.saleEnd().toString(),
        p.barcode()
      };
      for (int c = 0; c < row.length; c++) {
        columns[c][i] = row[c];
      }
    }
    return jdbc.sql(
            """
            with input as (
              select * from unnest(
                  cast(:keys as text[]), cast(:names as text[]), cast(:raws as text[]),
                  cast(:norms as text[]), cast(:categories as text[]), cast(:regulars as int[]),
                  cast(:sales as int[]), cast(:amounts as numeric[]), cast(:units as text[]),
                  cast(:packs as int[]), cast(:images as text[]), cast(:starts as date[]),
                  cast(:ends as date[]), cast(:barcodes as text[]))
                with ordinality
                as i(product_key, name, raw_name, normalized_name, category, regular_price,
                     sale_price, spec_amount, spec_unit, spec_pack_count, image_url, sale_start,
                     sale_end, barcode, ord)
            ),
            before as (
              -- No FOR UPDATE: it would skip the rows this same statement updates. The upsert
              -- below locks every row it changes; the snapshot gives the prices from before.
              select p.id, p.product_key, p.regular_price, p.sale_price
                from dongchimi_product p join input i using (product_key)
               where p.mart_id = :mart
            ),
            upserted as (
              insert into dongchimi_product as p
                (mart_id, product_key, name, raw_name, normalized_name, category, regular_price,
                 sale_price, spec_amount, spec_unit, spec_pack_count, image_url, sale_start,
                 sale_end, barcode)
              select :mart, product_key, name, raw_name, normalized_name, category, regular_price,
                     sale_price, spec_amount, spec_unit, spec_pack_count, image_url, sale_start,
                     sale_end, barcode
                from input order by ord
              on conflict (mart_id, product_key) do update
                 set name = excluded.name, raw_name = excluded.raw_name,
                     normalized_name = excluded.normalized_name, category = excluded.category,
                     regular_price = excluded.regular_price, sale_price = excluded.sale_price,
                     spec_amount = excluded.spec_amount, spec_unit = excluded.spec_unit,
                     spec_pack_count = excluded.spec_pack_count, image_url = excluded.image_url,
                     sale_start = excluded.sale_start, sale_end = excluded.sale_end,
                     barcode = excluded.barcode, updated_at = now()
               where (p.name, p.raw_name, p.normalized_name, p.category, p.regular_price,
                      p.sale_price, p.spec_amount, p.spec_unit, p.spec_pack_count, p.image_url,
                      p.sale_start, p.sale_end, p.barcode)
                     is distinct from
                     (excluded.name, excluded.raw_name, excluded.normalized_name,
                      excluded.category, excluded.regular_price, excluded.sale_price,
                      excluded.spec_amount, excluded.spec_unit, excluded.spec_pack_count,
                      excluded.image_url, excluded.sale_start, excluded.sale_end, excluded.barcode)
              returning p.id, p.product_key, p.regular_price, p.sale_price
            ),
            history as (
              insert into dongchimi_price_history (product_id, regular_price, sale_price, changed_at)
              select u.id, u.regular_price, u.sale_price, :at
                from upserted u left join before b on b.id = u.id
               where b.id is null
                  or (b.regular_price, b.sale_price) is distinct from (u.regular_price, u.sale_price)
            )
            select coalesce(u.id, b.id) as id,
                   case when b.id is null then 'CREATED'
                        when u.id is null then 'UNCHANGED'
                        else 'UPDATED' end as outcome
              from input i
              left join upserted u using (product_key)
              left join before b using (product_key)
             order by i.ord
            """)
        .param("mart", martId)
        .param("at", at.atOffset(ZoneOffset.UTC))
        .param("keys", columns[0])
        .param("names", columns[1])
        .param("raws", columns[2])
        .param("norms", columns[3])
        .param("categories", columns[4])
        .param("regulars", columns[5])
        .param("sales", columns[6])
        .param("amounts", columns[7])
        .param("units", columns[8])
        .param("packs", columns[9])
        .param("images", columns[10])
        .param("starts", columns[11])
        .param("ends", columns[12])
        .param("barcodes", columns[13])
        .query((rs, row) -> new Upserted(rs.getLong(1), Outcome.valueOf(rs.getString(2))))
        .list();
  }

  /** The newest {@code limit} changes, oldest first. */
  List<PricePoint> priceHistory(long productId, int limit) {
    return jdbc.sql(
            """
            select regular_price, sale_price, changed_at from (
              select regular_price, sale_price, changed_at, id from dongchimi_price_history
               where product_id = :id order by changed_at desc, id desc limit :limit
            ) newest
            order by changed_at, id
            """)
        .param("id", productId)
        .param("limit", limit)
        .query(
            (rs, n) ->
                new PricePoint(
                    rs.getInt(1),
                    (Integer) rs.getObject(2),
                    rs.getObject(3, OffsetDateTime.class).withOffsetSameInstant(ZoneOffset.UTC)))
        .list();
  }

  Optional<Product> find(long id, LocalDate today) {
    return jdbc.sql("select " + COLUMNS + " from dongchimi_product p where p.id = :id")
        .param("id", id)
        .query((rs, n) -> ProductRows.product(rs, today))
        .optional();
  }

  /** One page (plus one row to tell whether another follows), by id: stable across pages. */
  List<Product> ofMart(
      long martId,
      Category category,
      Boolean onSale,
      String q,
      LocalDate today,
      int size,
      int offset) {
    StringBuilder sql =
        new StringBuilder(
            "select " + COLUMNS + " from dongchimi_product p where p.mart_id = :mart");
    if (category != null) {
      sql.append(" and p.category = :category");
    }
    if (Boolean.TRUE.equals(onSale)) {
      sql.append(" and ").append(ON_SALE);
    } else if (Boolean.FALSE.equals(onSale)) {
      sql.append(" and not (").append(ON_SALE).append(") is true");
    }
    if (q != null) {
      sql.append(" and p.normalized_name like :q");
    }
    sql.append(" order by p.id limit :limit offset :offset");
    JdbcClient.StatementSpec spec =
        jdbc.sql(sql.toString())
            .param("mart", martId)
            .param("today", today)
            .param("limit", size + 1)
            .param("offset", offset);
    if (category != null) {
      spec = spec.param("category", category.name());
    }
    if (q != null) {
      spec = spec.param("q", "%" + q + "%");
    }
    return spec.query((rs, n) -> ProductRows.product(rs, today)).list();
  }
}
