package dev.dongchimi;

import static dev.dongchimi.ProductRows.COLUMNS;
import static dev.dongchimi.ProductRows.ON_SALE;

import dev.dongchimi.category.Category;
import java.time.LocalDate;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Deals near a point, across marts: the one query of {@link Catalog#deals} and the SQL it is built
 * from (the sort's order and key, the optional filters). Named parameters only.
 */
class DealsNearby {
  /** How many of the nearest marts the bound of a page's key is taken from. */
  private static final int BOUND_SAMPLE_MARTS = 128;

  private final JdbcClient jdbc;

  DealsNearby(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

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
  List<Deal> page(
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
          select d.id, d.discount_rate, d.sale_price, d.sort_key, near.id as mart_id,
                 near.distance_m
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
                    sort,
                    // The sort's own key under one name: read from the index that sort uses.
                    "p.id, p.discount_rate, p.sale_price, " + sort.key + " as sort_key",
                    "near",
                    filters + withinBound),
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
                    ProductRows.product(rs, today),
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
}
