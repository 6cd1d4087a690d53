package dev.taskrow.app;

import java.util.Optional;

/**
 * Something the application runs on that suits a laptop and not production (an embedded database,
 * in-process signals, a local file store). Declare one as a bean per port; {@link EmbeddedDefaults}
 * logs each one in use once at start-up.
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
