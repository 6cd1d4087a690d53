package dev.app.pages;

import com.microsoft.playwright.Page;
import dev.dongchimi.DemoData;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;

/** What every browser test of the app's pages needs before and while it runs the app. */
public final class PagesApp {
  private PagesApp() {}

  /**
   * An embedded data directory of the test's own under {@code target/}, so runs never share one.
   */
  public static Path newDataDir() {
    try {
      return Files.createTempDirectory(Path.of("target"), "var-");
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A free port for the app's server, chosen before the context starts so pages know the URL. */
  public static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Signs in through the login form as a demo account (they all share the demo password). */
  public static void signIn(Page page, String loginUrl, String email) {
    page.navigate(loginUrl);
    page.locator("#email").fill(email);
    page.locator("#password").fill(DemoData.PASSWORD);
    page.locator("main form button[type=submit]").click();
    page.waitForURL(u -> !u.contains("/login"));
  }
}
