package dev.app.dungji;

import dev.app.RequiredSetting;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The {@code dungji.notifier.*} properties: how a tenant is told that a watched register changed.
 *
 * @param type {@code inbox} (the embedded default: the in-app inbox) or {@code smtp} (e-mail)
 * @param smtp the mail server ({@code dungji.notifier.type=smtp})
 */
@ConfigurationProperties("dungji.notifier")
@Validated
public record NotifierProperties(
    @DefaultValue("inbox") @NotNull Type type, @DefaultValue @Valid Smtp smtp) {

  public NotifierProperties {
    if (type == Type.SMTP) {
      RequiredSetting.check(
          "dungji.notifier.smtp.host",
          smtp.host(),
          "dungji.notifier.type=smtp",
          "e.g. smtp.example.com");
      RequiredSetting.check(
          "dungji.notifier.smtp.from",
          smtp.from(),
          "dungji.notifier.type=smtp",
          "the sender, e.g. 둥지 <noreply@example.com>");
      if (smtp.username() != null && !smtp.username().isBlank()) {
        RequiredSetting.check(
            "dungji.notifier.smtp.password",
            smtp.password(),
            "dungji.notifier.smtp.username",
            "from the environment: DUNGJI_NOTIFIER_SMTP_PASSWORD");
      }
    }
  }

  /** The notifiers. */
  public enum Type {
    INBOX,
    SMTP
  }

  /**
   * {@code dungji.notifier.smtp.*}.
   *
   * @param host the SMTP server
   * @param port its port (587: submission with STARTTLS)
   * @param from the sender address
   * @param username the login; empty sends without authentication
   * @param password the login's password
   * @param starttls require STARTTLS
   * @param connectTimeout connecting
   * @param readTimeout one answer of the server
   */
  public record Smtp(
      String host,
      @DefaultValue("587") @Min(1) @Max(65535) int port,
      String from,
      String username,
      String password,
      @DefaultValue("true") boolean starttls,
      @DefaultValue("5s") @NotNull @DurationMin(millis = 1) Duration connectTimeout,
      @DefaultValue("10s") @NotNull @DurationMin(millis = 1) Duration readTimeout) {

    @Override
    public String toString() {
      return "Smtp[host=" + host + ", port=" + port + ", from=" + from + ", password=(hidden)]";
    }
  }
}
