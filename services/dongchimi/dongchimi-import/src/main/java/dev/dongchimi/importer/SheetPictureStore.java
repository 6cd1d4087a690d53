package dev.dongchimi.importer;

import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The rows of {@code dongchimi_import_picture}: recorded with an import, read as candidates. */
public class SheetPictureStore implements SheetPictures {
  /** One picture stored for a row of an import. */
  record Stored(int row, String productKey, String storageKey, String contentType, long size) {}

  private final JdbcClient jdbc;

  public SheetPictureStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** In the caller's transaction: the pictures commit with the import's products. */
  void record(UUID taskId, long martId, List<Stored> pictures) {
    for (Stored p : pictures) {
      jdbc.sql(
              """
              insert into dongchimi_import_picture
                     (task_id, row_num, mart_id, product_key, storage_key, content_type, byte_size)
              values (:task, :row, :mart, :key, :storage, :type, :size)
              on conflict (task_id, row_num) do nothing
              """)
          .param("task", taskId)
          .param("row", p.row())
          .param("mart", martId)
          .param("key", p.productKey())
          .param("storage", p.storageKey())
          .param("type", p.contentType())
          .param("size", p.size())
          .update();
    }
  }

  @Override
  public List<SheetPicture> of(long martId, String productKey, int limit) {
    return jdbc.sql(
            """
            select storage_key, content_type, byte_size, row_num, created_at
              from dongchimi_import_picture
             where mart_id = :mart and product_key = :key
             order by created_at desc, task_id, row_num
             limit :limit
            """)
        .param("mart", martId)
        .param("key", productKey)
        .param("limit", Math.max(1, Math.min(limit, 100)))
        .query(
            (rs, n) ->
                new SheetPicture(
                    rs.getString(1),
                    rs.getString(2),
                    rs.getLong(3),
                    rs.getInt(4),
                    rs.getTimestamp(5).toInstant()))
        .list();
  }
}
