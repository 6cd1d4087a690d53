package dev.app.dungji;

import static dev.app.StartupFailure.cannotBind;
import static dev.app.StartupFailure.failureSays;
import static dev.app.StartupFailure.rootCauseSays;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dungji.adapter.notify.smtp.SmtpNotifier;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** {@code dungji.notifier.*}: the SMTP notifier is chosen by type, and a bad setting is named. */
class NotifierConfigurationTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner().withUserConfiguration(NotifierConfiguration.class);

  private final ApplicationContextRunner smtp =
      runner.withPropertyValues(
          "dungji.notifier.type=smtp",
          "dungji.notifier.smtp.host=smtp.example.test",
          "dungji.notifier.smtp.from=둥지 <noreply@example.test>");

  @Test
  void theInboxIsTheDefaultSoNoMailIsSent() {
    runner.run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(SmtpNotifier.class));
  }

  @Test
  void smtpWithItsSettingsBuildsTheSmtpNotifier() {
    smtp.run(context -> assertThat(context).hasNotFailed().hasSingleBean(SmtpNotifier.class));
  }

  @Test
  void smtpWithoutAHostFailsStartUpNamingTheProperty() {
    runner
        .withPropertyValues(
            "dungji.notifier.type=smtp", "dungji.notifier.smtp.from=noreply@example.test")
        .run(failureSays("dungji.notifier.smtp.host is required with dungji.notifier.type=smtp"));
  }

  @Test
  void aUsernameWithoutAPasswordFailsStartUpNamingTheProperty() {
    smtp.withPropertyValues("dungji.notifier.smtp.username=dungji")
        .run(failureSays("dungji.notifier.smtp.password is required"));
  }

  @Test
  void aBadPortOrTimeoutFailsStartUpNamingTheProperty() {
    smtp.withPropertyValues("dungji.notifier.smtp.port=70000")
        .run(rootCauseSays("Binding validation errors on dungji.notifier", "field 'smtp.port'"));
    smtp.withPropertyValues("dungji.notifier.smtp.read-timeout=0s")
        .run(
            rootCauseSays(
                "Binding validation errors on dungji.notifier", "field 'smtp.readTimeout'"));
    smtp.withPropertyValues("dungji.notifier.type=smpt").run(cannotBind("dungji.notifier.type"));
  }

  @Test
  void aSenderThatIsNoAddressFailsStartUpNamingTheProperty() {
    smtp.withPropertyValues("dungji.notifier.smtp.from=not an address@")
        .run(failureSays("dungji.notifier.smtp.from"));
  }

  @Test
  void thePasswordStaysOutOfToString() {
    smtp.withPropertyValues(
            "dungji.notifier.smtp.username=dungji",
            "dungji.notifier.smtp.password=smtp-password-not-for-logs")
        .run(
            context ->
                assertThat(context.getBean(NotifierProperties.class).toString())
                    .contains("smtp.example.test")
                    .doesNotContain("smtp-password-not-for-logs"));
  }
}
