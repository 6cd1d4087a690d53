package dev.platform.embedded;

import java.util.Optional;

/**
 * Something the application runs on that suits a laptop and not production (an embedded database,
 * in-process signals, a local file store, a generated secret). Declare one as a bean per port; the
 * app ({@code dev.app.EmbeddedDefaults}) logs each one in use once at start-up. It lives in this
 * tiny module so domain and adapter modules can declare one without depending on the app.
 */
@FunctionalInterface
public interface EmbeddedDefault {
  /**
   * The warning to log, "port: what runs — why it matters; what to set", or empty when the
   * production choice is configured.
   */
  Optional<String> warning();

  static EmbeddedDefault inUse(String warning) {
    return () -> Optional.of(warning);
  }
}
