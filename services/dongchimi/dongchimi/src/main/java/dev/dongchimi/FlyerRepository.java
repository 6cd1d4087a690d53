package dev.dongchimi;

import java.time.LocalDate;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The flyer rows and their page rows; the rules (dates, page limits, the stored images) are {@link
 * Flyers}'. Named parameters only.
 */
class FlyerRepository {
  /** A flyer as stored. */
  record FlyerRow(long id, long martId, String title, LocalDate from, LocalDate to) {}

  /** A page as stored: where its image is in object storage, its type and size. */
  record PageRow(long flyerId, int pageNo, String key, String contentType, long size) {}

  private final JdbcClient jdbc;

  FlyerRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** The new flyer's id. */
  long insert(long martId, String title, LocalDate from, LocalDate to) {
    return jdbc.sql(
            """
            insert into dongchimi_flyer (mart_id, title, valid_from, valid_to)
            values (:mart, :title, :from, :to) returning id
            """)
        .param("mart", martId)
        .param("title", title)
        .param("from", from)
        .param("to", to)
        .query(Long.class)
        .single();
  }

  void insertPage(long flyerId, int pageNo, String key, String contentType, long size) {
    jdbc.sql(
            """
            insert into dongchimi_flyer_page
              (flyer_id, page_no, object_key, content_type, size_bytes)
            values (:flyer, :page, :key, :type, :size)
            """)
        .param("flyer", flyerId)
        .param("page", pageNo)
        .param("key", key)
        .param("type", contentType)
        .param("size", size)
        .update();
  }

  /**
   * At most 100 of the mart's flyers, latest end first; only those valid on {@code today} when
   * {@code activeOnly}.
   */
  List<FlyerRow> ofMart(long martId, boolean activeOnly, LocalDate today) {
    return jdbc.sql(
            """
            select id, mart_id, title, valid_from, valid_to from dongchimi_flyer
             where mart_id = :mart
               and (not :active or (valid_from <= :today and valid_to >= :today))
             order by valid_to desc, id desc
             limit 100
            """)
        .param("mart", martId)
        .param("active", activeOnly)
        .param("today", today)
        .query(
            (rs, n) ->
                new FlyerRow(
                    rs.getLong(1),
                    rs.getLong(2),
                    rs.getString(3),
                    rs.getObject(4, LocalDate.class),
                    rs.getObject(5, LocalDate.class)))
        .list();
  }

  /** The pages of these flyers, by flyer and page number. */
  List<PageRow> pagesOf(List<Long> flyerIds) {
    return jdbc.sql(
            """
            select flyer_id, page_no, object_key, content_type, size_bytes
              from dongchimi_flyer_page where flyer_id = any(:ids) order by flyer_id, page_no
            """)
        .param("ids", flyerIds.toArray(Long[]::new))
        .query(
            (rs, n) ->
                new PageRow(
                    rs.getLong(1), rs.getInt(2), rs.getString(3), rs.getString(4), rs.getLong(5)))
        .list();
  }
}
