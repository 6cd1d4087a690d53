package dev.dongchimi;

import static dev.dongchimi.ProductRows.COLUMNS;
import static dev.dongchimi.ProductRows.ON_SALE;

import java.time.LocalDate;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * A shopper's favourite products, and the deals at their favourites (marts and products). Named
 * parameters only.
 */
class FavoriteRepository {
  private final JdbcClient jdbc;

  FavoriteRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  boolean addProduct(long userId, long productId) {
    return jdbc.sql(
                """
                insert into dongchimi_favorite_product (user_id, product_id)
                values (:user, :product)
                on conflict do nothing
                """)
            .param("user", userId)
            .param("product", productId)
            .update()
        == 1;
  }

  long countProducts(long userId) {
    return jdbc.sql("select count(*) from dongchimi_favorite_product where user_id = :user")
        .param("user", userId)
        .query(Long.class)
        .single();
  }

  void removeProduct(long userId, long productId) {
    jdbc.sql(
            "delete from dongchimi_favorite_product where user_id = :user and product_id = :product")
        .param("user", userId)
        .param("product", productId)
        .update();
  }

  boolean isFavoriteProduct(long userId, long productId) {
    return jdbc.sql(
            "select 1 from dongchimi_favorite_product where user_id = :user and product_id = :product")
        .param("user", userId)
        .param("product", productId)
        .query(Integer.class)
        .optional()
        .isPresent();
  }

  List<Product> products(long userId, LocalDate today) {
    return jdbc.sql(
            """
            select %s
              from dongchimi_favorite_product f join dongchimi_product p on p.id = f.product_id
             where f.user_id = :user
             order by f.created_at, p.id
            """
                .formatted(COLUMNS))
        .param("user", userId)
        .param("today", today)
        .query((rs, n) -> ProductRows.product(rs, today))
        .list();
  }

  /**
   * One page (plus one row to tell whether another follows) of the products on sale today at the
   * user's favourite marts or among their favourite products, biggest discount first. A user has at
   * most {@link Catalog#MAX_FAVORITES} of each, so this reads a bounded set of marts.
   */
  List<FavoriteDeal> deals(long userId, LocalDate today, int size, int offset) {
    return jdbc.sql(
            """
            select %s, m.name as mart_name, fp.product_id is not null as favorite_product
              from dongchimi_product p
              join dongchimi_mart m on m.id = p.mart_id
              left join dongchimi_favorite_product fp
                on fp.user_id = :user and fp.product_id = p.id
             where (p.mart_id in (select mart_id from dongchimi_favorite_mart where user_id = :user)
                    or fp.product_id is not null)
               and %s
             order by coalesce(p.discount_rate, 101) desc, p.id
             limit :limit offset :offset
            """
                .formatted(COLUMNS, ON_SALE))
        .param("user", userId)
        .param("today", today)
        .param("limit", size + 1)
        .param("offset", offset)
        .query(
            (rs, n) ->
                new FavoriteDeal(
                    ProductRows.product(rs, today),
                    rs.getString("mart_name"),
                    rs.getBoolean("favorite_product")))
        .list();
  }
}
