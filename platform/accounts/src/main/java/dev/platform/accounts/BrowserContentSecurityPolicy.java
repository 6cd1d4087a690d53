package dev.platform.accounts;

/**
 * The Content-Security-Policy of the pages. The default allows only this origin's scripts, styles,
 * images and connections: no inline script or style, no frames of these pages elsewhere ({@code
 * frame-ancestors 'none'}). An application whose pages load map tiles declares its own bean with
 * the tile server's origin in {@code img-src}.
 */
public record BrowserContentSecurityPolicy(String value) {
  public static final String STRICT =
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
          + " connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self';"
          + " form-action 'self'; frame-ancestors 'none'";

  public BrowserContentSecurityPolicy {
    if (value == null || value.isBlank() || !value.contains("frame-ancestors")) {
      throw new IllegalArgumentException(
          "a page's Content-Security-Policy must say frame-ancestors: " + value);
    }
  }

  /** The strict policy with more image sources, e.g. a tile server's origin. */
  public static BrowserContentSecurityPolicy withImages(String... origins) {
    String extra = origins.length == 0 ? "" : " " + String.join(" ", origins);
    return new BrowserContentSecurityPolicy(
        STRICT.replace("img-src 'self' data:;", "img-src 'self' data:" + extra + ";"));
  }
}
