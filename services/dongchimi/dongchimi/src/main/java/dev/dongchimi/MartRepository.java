package dev.dongchimi;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Marts, nearby search and favourites. JdbcClient: named parameters only, the SQL in sight, and the
 * nearby queries need hand-written SQL anyway (bounding box + great-circle re-check).
 */
class MartRepository {
  static final String COLUMNS =
      "m.id, m.owner_id, m.name, m.address, m.lat, m.lng, m.phone, m.opening_hours, m.closed_days";

  /** Haversine in metres from (:lat, :lng) to the row's (m.lat, m.lng). */
  static final String DISTANCE =
      """
      (2 * 6371008.8 * asin(least(1, sqrt(
          power(sin(radians(m.lat - :lat) / 2), 2)
          + cos(radians(:lat)) * cos(radians(m.lat)) * power(sin(radians(m.lng - :lng) / 2), 2)))))
      """;

  /** Marts inside the box and the radius, with their distance; the caller adds the rest. */
  static final String WITHIN =
      """
      select %s, %s as distance_m
        from dongchimi_mart m
       where m.lat between :minLat and :maxLat and m.lng between :minLng and :maxLng
      """
          .formatted(COLUMNS, DISTANCE);

  private final JdbcClient jdbc;

  MartRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  long insert(long ownerId, MartInput in) {
    return jdbc.sql(
            """
            insert into dongchimi_mart
              (owner_id, name, address, lat, lng, phone, opening_hours, closed_days)
            values (:owner, :name, :address, :lat, :lng, :phone, :hours, :closed)
            returning id
            """)
        .param("owner", ownerId)
        .param("name", in.name())
        .param("address", in.address())
        .param("lat", in.lat())
        .param("lng", in.lng())
        .param("phone", in.phone())
        .param("hours", in.openingHours())
        .param("closed", in.closedDays())
        .query(Long.class)
        .single();
  }

  void update(long id, MartInput in) {
    jdbc.sql(
            """
            update dongchimi_mart
               set name = :name, address = :address, lat = :lat, lng = :lng, phone = :phone,
                   opening_hours = :hours, closed_days = :closed, updated_at = now()
             where id = :id
            """)
        .param("id", id)
        .param("name", in.name())
        .param("address", in.address())
        .param("lat", in.lat())
        .param("lng", in.lng())
        .param("phone", in.phone())
        .param("hours", in.openingHours())
        .param("closed", in.closedDays())
        .update();
  }

  Optional<Mart> find(long id) {
    return jdbc.sql("select " + COLUMNS + " from dongchimi_mart m where m.id = :id")
        .param("id", id)
        .query((rs, n) -> mart(rs))
        .optional();
  }

  List<Mart> ownedBy(long ownerId) {
    return jdbc.sql(
            "select " + COLUMNS + " from dongchimi_mart m where m.owner_id = :owner order by m.id")
        .param("owner", ownerId)
        .query((rs, n) -> mart(rs))
        .list();
  }

  List<NearbyMart> nearby(double lat, double lng, int radiusM, int limit, LocalDate today) {
    Geo.Box box = Geo.box(lat, lng, radiusM);
    return jdbc.sql(
            """
            select d.*,
                   (select count(*) from dongchimi_product p
                     where p.mart_id = d.id and p.sale_price is not null
                       and p.sale_start <= :today and p.sale_end >= :today) as on_sale
              from (%s) d
             where d.distance_m <= :radius
             order by d.distance_m, d.id
             limit :limit
            """
                .formatted(WITHIN))
        .param("lat", lat)
        .param("lng", lng)
        .param("minLat", box.minLat())
        .param("maxLat", box.maxLat())
        .param("minLng", box.minLng())
        .param("maxLng", box.maxLng())
        .param("radius", (double) radiusM)
        .param("limit", limit)
        .param("today", today)
        .query(
            (rs, n) ->
                new NearbyMart(
                    mart(rs), Math.round(rs.getDouble("distance_m")), rs.getLong("on_sale")))
        .list();
  }

  /** True when newly added. */
  boolean addFavorite(long userId, long martId) {
    return jdbc.sql(
                """
                insert into dongchimi_favorite_mart (user_id, mart_id) values (:user, :mart)
                on conflict do nothing
                """)
            .param("user", userId)
            .param("mart", martId)
            .update()
        == 1;
  }

  long countFavorites(long userId) {
    return jdbc.sql("select count(*) from dongchimi_favorite_mart where user_id = :user")
        .param("user", userId)
        .query(Long.class)
        .single();
  }

  void removeFavorite(long userId, long martId) {
    jdbc.sql("delete from dongchimi_favorite_mart where user_id = :user and mart_id = :mart")
        .param("user", userId)
        .param("mart", martId)
        .update();
  }

  List<Mart> favorites(long userId) {
    return jdbc.sql(
            """
            select %s from dongchimi_favorite_mart f join dongchimi_mart m on m.id = f.mart_id
             where f.user_id = :user order by f.created_at, m.id
            """
                .formatted(COLUMNS))
        .param("user", userId)
        .query((rs, n) -> mart(rs))
        .list();
  }

  static Mart mart(ResultSet rs) throws SQLException {
    return new Mart(
        rs.getLong("id"),
        rs.getLong("owner_id"),
        rs.getString("name"),
        rs.getString("address"),
        rs.getDouble("lat"),
        rs.getDouble("lng"),
        rs.getString("phone"),
        rs.getString("opening_hours"),
        rs.getString("closed_days"));
  }
}
