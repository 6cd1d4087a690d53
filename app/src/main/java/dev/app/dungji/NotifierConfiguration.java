package dev.app.dungji;

import dev.dungji.adapter.notify.smtp.SmtpNotifier;
import dev.dungji.adapter.notify.smtp.SmtpSettings;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The watch's {@link dev.dungji.notify.Notifier}, chosen by {@code dungji.notifier.type} ({@link
 * NotifierProperties}): {@code inbox} by default (the dungji auto-configuration's in-app inbox),
 * {@code smtp} for e-mail over SMTP.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(NotifierProperties.class)
public class NotifierConfiguration {

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(name = "dungji.notifier.type", havingValue = "smtp")
  static class Smtp {
    @Bean
    SmtpNotifier smtpNotifier(NotifierProperties properties) {
      NotifierProperties.Smtp s = properties.smtp();
      boolean login = s.username() != null && !s.username().isBlank();
      try {
        return new SmtpNotifier(
            new SmtpSettings(
                s.host(),
                s.port(),
                s.from(),
                login ? s.username() : null,
                login ? s.password() : null,
                s.starttls(),
                s.connectTimeout(),
                s.readTimeout()));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("dungji.notifier.smtp.from: " + e.getMessage(), e);
      }
    }
  }
}
