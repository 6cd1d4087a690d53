package dev.app.pages;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code dongchimi.pages.*}: the shoppers' pages (the map is theirs, so the prefix is 동치미's).
 *
 * @param map the map of marts near the shopper
 */
@ConfigurationProperties("dongchimi.pages")
public record PagesProperties(@DefaultValue Map map) {

  /**
   * {@code dongchimi.pages.map.*}.
   *
   * @param tileUrl a Leaflet tile URL template ({@code {z}/{x}/{y}}) on http(s); empty: no tiles,
   *     the markers and the list still work (the browser tests run so)
   * @param attribution the tile server's credit line, shown on the map
   */
  public record Map(
      @DefaultValue("https://tile.openstreetmap.org/{z}/{x}/{y}.png") String tileUrl,
      @DefaultValue("© OpenStreetMap contributors") String attribution) {

    public Map {
      if (!tileUrl.isEmpty() && !tileUrl.matches("https?://[^/\\s]+/\\S*")) {
        throw new IllegalArgumentException(
            "dongchimi.pages.map.tile-url must be an http(s) URL template or empty: " + tileUrl);
      }
    }

    /** The tile server's origin, for the pages' Content-Security-Policy ({@code img-src}). */
    public String tileOrigin() {
      if (tileUrl.isEmpty()) {
        return null;
      }
      int slash = tileUrl.indexOf('/', tileUrl.indexOf("//") + 2);
      // A {s} subdomain template: allow the subdomains of the host after it.
      return tileUrl.substring(0, slash).replace("{s}.", "*.");
    }
  }
}
