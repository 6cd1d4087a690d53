package dev.dongchimi.images;

import dev.dongchimi.category.Category;
import dev.platform.storage.ObjectStorage;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Product pictures kept in object storage under {@code dongchimi/product-images/} and served from
 * there: placeholders rendered once, candidate pictures downloaded once, owners' photos. Every name
 * is a SHA-256 — of the placeholder's text, of the source URL, of an upload's bytes — so the same
 * picture is stored once and an existing one is never fetched or rendered again, and a name never
 * points at different bytes (the files can be cached for good).
 */
public class ProductPictures {
  public static final String PREFIX = "dongchimi/product-images/";

  /** A display or a thumbnail file name, as served by {@code GET /product-images/{name}}. */
  public static final Pattern NAME = Pattern.compile("[0-9a-f]{64}(-t)?\\.(jpg|png)");

  /** Bumped when the placeholder's drawing changes, so new ones are rendered. */
  private static final String PLACEHOLDER_VERSION = "placeholder-1";

  private final ObjectStorage storage;
  private final PictureDownloader downloader;
  private final PictureLimits limits;
  private final JdbcClient jdbc;

  public ProductPictures(
      ObjectStorage storage, PictureDownloader downloader, PictureLimits limits, JdbcClient jdbc) {
    this.storage = storage;
    this.downloader = downloader;
    this.limits = limits;
    this.jdbc = jdbc;
  }

  public PictureLimits limits() {
    return limits;
  }

  /** The placeholder of a product: its category's pictogram and short name; rendered once. */
  public KeptPicture placeholder(Category category, String shortName) {
    String hash = sha256(PLACEHOLDER_VERSION + "\n" + category.name() + "\n" + shortName);
    String name = hash + ".png";
    if (!storage.exists(PREFIX + name)) {
      store(hash, Pictures.placeholder(PlaceholderPicture.png(category, shortName)));
    }
    return new KeptPicture(name, KeptPicture.Source.PLACEHOLDER, null);
  }

  /**
   * The candidate picture at {@code url}, downloaded, checked and resized once; later calls with
   * the same URL find it stored.
   */
  public KeptPicture keep(String url, KeptPicture.Source source) throws PictureRefused {
    String hash = sha256("url\n" + url);
    String name = hash + ".jpg";
    if (!storage.exists(PREFIX + name)) {
      store(hash, Pictures.sized(downloader.download(url), limits));
    }
    return new KeptPicture(name, source, url);
  }

  /** An owner's upload, checked and resized. */
  public KeptPicture upload(byte[] bytes) throws PictureRefused {
    Pictures.Sized sized = Pictures.sized(bytes, limits);
    String hash = sha256(bytes);
    store(hash, sized);
    return new KeptPicture(hash + "." + sized.extension(), KeptPicture.Source.OWNER, null);
  }

  /** Opens a stored display file or thumbnail; the name must match {@link #NAME}. */
  public InputStream open(String name) {
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("not a picture name: " + name);
    }
    return storage.get(PREFIX + name);
  }

  /** One product of a mart, by its upsert key, and the picture it should show. */
  public record Assignment(String productKey, KeptPicture picture) {}

  /**
   * A picture pasted into the owner's sheet, anchored to the product's row: the owner's own photo,
   * checked and resized like an upload.
   */
  public KeptPicture sheetPicture(byte[] bytes) throws PictureRefused {
    return upload(bytes);
  }

  /**
   * Gives products their pictures, in the caller's transaction, by precedence: the owner's photo
   * (an upload, a picture pasted in the sheet, an image_url the owner gave) over a matched one over
   * a placeholder. A picture never replaces one of a higher kind: a placeholder only goes where
   * there is nothing else, a match never replaces the owner's photo; the owner's newest photo
   * replaces the older.
   */
  public void assign(long martId, List<Assignment> assignments) {
    if (assignments.isEmpty()) {
      return;
    }
    jdbc.sql(
            """
            update dongchimi_product p
               set picture_name = a.name, picture_source = a.source,
                   image_url = coalesce(a.url, p.image_url), updated_at = now()
              from unnest(cast(:keys as text[]), cast(:names as text[]), cast(:sources as text[]),
                          cast(:urls as text[])) as a (product_key, name, source, url)
             where p.mart_id = :mart and p.product_key = a.product_key
               -- the precedence, as ranks: none 0, PLACEHOLDER 1, MATCHED 2, OWNER 3
               and array_position(array['PLACEHOLDER', 'MATCHED', 'OWNER'], a.source)
                   >= coalesce(array_position(array['PLACEHOLDER', 'MATCHED', 'OWNER'],
                                              p.picture_source), 0)
               and p.picture_name is distinct from a.name
            """)
        .param("mart", martId)
        .param("keys", assignments.stream().map(Assignment::productKey).toArray(String[]::new))
        .param("names", assignments.stream().map(a -> a.picture().name()).toArray(String[]::new))
        .param(
            "sources",
            assignments.stream().map(a -> a.picture().source().name()).toArray(String[]::new))
        .param(
            "urls", assignments.stream().map(a -> a.picture().sourceUrl()).toArray(String[]::new))
        .update();
  }

  /** Sets one product's picture to an owner's photo (the caller has checked the owner). */
  public void assignOwnerPhoto(long productId, KeptPicture picture) {
    jdbc.sql(
            """
            update dongchimi_product
               set picture_name = :name, picture_source = 'OWNER', updated_at = now()
             where id = :id
            """)
        .param("name", picture.name())
        .param("id", productId)
        .update();
  }

  /** Takes the owner's photo away; the product shows no picture until the next import gives one. */
  public void removeOwnerPhoto(long productId) {
    jdbc.sql(
            """
            update dongchimi_product set picture_name = null, picture_source = null,
                                         updated_at = now()
             where id = :id and picture_source = 'OWNER'
            """)
        .param("id", productId)
        .update();
  }

  public static String thumbName(String name) {
    int dot = name.lastIndexOf('.');
    return name.substring(0, dot) + "-t" + name.substring(dot);
  }

  private void store(String hash, Pictures.Sized sized) {
    // The thumbnail first: the display file's presence is what says "stored".
    put(PREFIX + hash + "-t." + sized.extension(), sized.thumb(), sized.contentType());
    put(PREFIX + hash + "." + sized.extension(), sized.display(), sized.contentType());
  }

  private void put(String key, byte[] bytes, String contentType) {
    storage.put(key, new ByteArrayInputStream(bytes), bytes.length, contentType);
  }

  private static String sha256(String text) {
    return sha256(text.getBytes(StandardCharsets.UTF_8));
  }

  private static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
