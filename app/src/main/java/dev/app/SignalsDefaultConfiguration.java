package dev.app;

import dev.platform.embedded.EmbeddedDefault;
import dev.taskrow.core.InProcessSignals;
import dev.taskrow.core.Signals;
import java.util.Optional;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** In-process signals are the engine's default; they reach no other instance. */
@Configuration(proxyBeanMethods = false)
class SignalsDefaultConfiguration {

  @Bean
  EmbeddedDefault inProcessSignalsDefault(Signals signals) {
    return () ->
        signals instanceof InProcessSignals
            ? Optional.of(
                "signals: in-process — other instances are not woken; set taskrow.signals=postgres"
                    + " or redis")
            : Optional.empty();
  }
}
