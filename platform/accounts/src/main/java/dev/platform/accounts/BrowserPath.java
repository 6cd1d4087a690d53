package dev.platform.accounts;

/**
 * A path served to browsers as pages, under the session filter chain (a session cookie, CSRF on
 * every form, security headers) instead of the API's bearer tokens. Declare one bean per path
 * pattern; the account system adds its own {@code /login} and {@code /logout}.
 *
 * @param pattern a path pattern, e.g. {@code /shop/**}
 * @param signedIn whether a visitor must sign in first (sent to {@code /login}, then back)
 */
public record BrowserPath(String pattern, boolean signedIn) {
  /** Anyone may look: shoppers' pages, the start page, stylesheets and scripts. */
  public static BrowserPath open(String pattern) {
    return new BrowserPath(pattern, false);
  }

  /** Only a signed-in account: its owner's marts, its nests. */
  public static BrowserPath signedIn(String pattern) {
    return new BrowserPath(pattern, true);
  }
}
