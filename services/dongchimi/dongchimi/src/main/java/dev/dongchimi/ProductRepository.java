package dev.dongchimi;

import dev.dongchimi.category.Category;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Products, deals near a point and price history. Named parameters only. */
class ProductRepository {
  static final String COLUMNS =
      """
      p.id, p.mart_id, p.name, p.raw_name, p.normalized_name, p.category, p.regular_price,
      p.sale_price, p.discount_rate, p.spec_amount, p.spec_unit, p.spec_pack_count, p.image_url,
      p.sale_start, p.sale_end, p.barcode
      """;
  static final String ON_SALE =
      "p.sale_price is not null and p.sale_start <= :today and p.sale_end >= :today";

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

  record PricePoint(int regularPrice, Integer salePrice, OffsetDateTime changedAt) {}

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
        .query((rs, n) -> product(rs, today))
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
    return spec.query((rs, n) -> product(rs, today)).list();
  }

  /** How many of the nearest marts the bound of a page's key is taken from. */
  private static final int BOUND_SAMPLE_MARTS = 128;

  /**
   * One page of deals (plus one row to tell whether another follows). The work follows the marts in
   * the circle, not every product on sale around them (at 3 km in a dense city: ~1,500 marts,
   * ~15,000 products on sale):
   *
   * <ul>
   *   <li>{@code near}: the marts in the box, through the (lat, lng) index alone, with the exact
   *       distance computed once per mart; nearest first, so that sort=distance stops after the
   *       first few marts.
   *   <li>{@code bound} (sort=discount and price): the n-th best key among the deals of the nearest
   *       marts, n = offset + size + 1. At least n deals are that good, so every row of the page is
   *       too: each mart's scan stops there, and most marts give one index entry or none. No bound
   *       when those marts have fewer than n deals.
   *   <li>{@code top}: within one mart the distance is one value, so a mart's deals reach the page
   *       only among its first n in the page's order without the distance. Those come from a
   *       covering index in that order (V4_2) without reading the table; then the page is cut.
   *   <li>Only the page's rows are read in full, with their mart's name.
   * </ul>
   */
  List<Deal> dealsNearby(
      double lat,
      double lng,
      int radiusM,
      Category category,
      String q,
      DealSort sort,
      LocalDate today,
      int size,
      int offset) {
    Geo.Box box = Geo.box(lat, lng, radiusM);
    String filters =
        (category != null ? " and p.category = :category" : "")
            + (q != null ? " and p.normalized_name like :q" : "");
    String bound = "";
    String withinBound = "";
    if (sort.boundedByKey) {
      bound =
          """
          bound as (
            select %s(key) as key
              from (select k.key
                      from (select id from near limit %d) m
                     cross join lateral (%s) k
                     order by k.key%s
                     limit :perMart) best
            having count(*) = :perMart
          ),"""
              .formatted(
                  sort.descending ? "min" : "max",
                  BOUND_SAMPLE_MARTS,
                  ofOneMart(sort, sort.key + " as key", "m", filters),
                  sort.descending ? " desc" : "");
      withinBound =
          " and %s %s coalesce((select key from bound), :noBound)"
              .formatted(sort.key, sort.descending ? ">=" : "<=");
    }
    // The orders and keys are constants of DealSort, never user text.
    String sql =
        """
        with near as (
          select id, distance_m
            from (select m.id, %s as distance_m
                    from dongchimi_mart m
                   where m.lat between :minLat and :maxLat and m.lng between :minLng and :maxLng) m
           where distance_m <= :radius
           order by distance_m, id
        ),
        %s
        top as (
          select d.id, d.discount_rate, d.sale_price, near.id as mart_id, near.distance_m
            from near
           cross join lateral (%s) d
           order by %s
           limit :limit offset :offset
        )
        select %s, m.name as mart_name, top.distance_m
          from top
          join dongchimi_product p on p.id = top.id
          join dongchimi_mart m on m.id = top.mart_id
         order by %s
        """
            .formatted(
                MartRepository.DISTANCE,
                bound,
                ofOneMart(
                    sort, "p.id, p.discount_rate, p.sale_price", "near", filters + withinBound),
                sort.overall,
                COLUMNS,
                sort.overall);
    JdbcClient.StatementSpec spec =
        jdbc.sql(sql)
            .param("lat", lat)
            .param("lng", lng)
            .param("minLat", box.minLat())
            .param("maxLat", box.maxLat())
            .param("minLng", box.minLng())
            .param("maxLng", box.maxLng())
            .param("radius", (double) radiusM)
            .param("today", today)
            .param("perMart", offset + size + 1)
            .param("limit", size + 1)
            .param("offset", offset);
    if (sort.boundedByKey) {
      spec = spec.param("noBound", sort.descending ? Integer.MIN_VALUE : Integer.MAX_VALUE);
    }
    if (category != null) {
      spec = spec.param("category", category.name());
    }
    if (q != null) {
      spec = spec.param("q", "%" + q + "%");
    }
    return spec.query(
            (rs, n) ->
                new Deal(
                    product(rs, today),
                    rs.getString("mart_name"),
                    Math.round(rs.getDouble("distance_m"))))
        .list();
  }

  /** The first :perMart deals of the mart {@code mart}, in the page's order within one mart. */
  private static String ofOneMart(DealSort sort, String columns, String mart, String conditions) {
    return """
        select %s
          from dongchimi_product p
         where p.mart_id = %s.id and %s%s
         order by %s
         limit :perMart"""
        .formatted(columns, mart, ON_SALE, conditions, sort.withinMart());
  }

  static Product product(ResultSet rs, LocalDate today) throws SQLException {
    Integer sale = (Integer) rs.getObject("sale_price");
    LocalDate start = rs.getObject("sale_start", LocalDate.class);
    LocalDate end = rs.getObject("sale_end", LocalDate.class);
    boolean onSale =
        sale != null
            && start != null
            && end != null
            && !today.isBefore(start)
            && !today.isAfter(end);
    int regular = rs.getInt("regular_price");
    BigDecimal amount = rs.getBigDecimal("spec_amount");
    String unit = rs.getString("spec_unit");
    Product.Spec spec = null;
    ProductNames.UnitPrice unitPrice = null;
    if (amount != null && unit != null) {
      int pack = rs.getInt("spec_pack_count");
      spec = new Product.Spec(amount.stripTrailingZeros(), unit, pack == 0 ? 1 : pack);
      unitPrice =
          ProductNames.unitPrice(
              new ProductNames.Spec(amount, unit, spec.packCount()), onSale ? sale : regular);
    }
    return new Product(
        rs.getLong("id"),
        rs.getLong("mart_id"),
        rs.getString("name"),
        rs.getString("raw_name"),
        rs.getString("normalized_name"),
        Category.valueOf(rs.getString("category")),
        regular,
        sale,
        (Integer) rs.getObject("discount_rate"),
        spec,
        unitPrice,
        rs.getString("image_url"),
        start,
        end,
        rs.getString("barcode"),
        onSale);
  }
}
