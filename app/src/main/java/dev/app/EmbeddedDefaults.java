package dev.app;

import dev.platform.embedded.EmbeddedDefault;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Logs one WARN per embedded default in use, once, when the application is ready: whoever starts it
 * sees at a glance what would not survive production.
 */
@Component
public class EmbeddedDefaults {
  private static final Logger log = LoggerFactory.getLogger(EmbeddedDefaults.class);
  private final ObjectProvider<EmbeddedDefault> defaults;
  private final AtomicBoolean reported = new AtomicBoolean();

  public EmbeddedDefaults(ObjectProvider<EmbeddedDefault> defaults) {
    this.defaults = defaults;
  }

  /** The warnings of the embedded defaults in use now. */
  public List<String> inUse() {
    return defaults
        .orderedStream()
        .map(EmbeddedDefault::warning)
        .flatMap(Optional::stream)
        .toList();
  }

  @EventListener(ApplicationReadyEvent.class)
  void report() {
    if (reported.compareAndSet(false, true)) {
      inUse().forEach(warning -> log.warn(warning));
    }
  }
}
