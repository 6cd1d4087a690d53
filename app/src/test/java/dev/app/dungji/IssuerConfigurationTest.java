package dev.app.dungji;

import static dev.app.StartupFailure.cannotBind;
import static dev.app.StartupFailure.failureSays;
import static dev.app.StartupFailure.rootCauseSays;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dungji.adapter.ocr.tesseract.TesseractPageOcr;
import dev.dungji.adapter.registry.http.HttpRegistryIssuer;
import dev.dungji.adapter.registry.sandbox.SandboxRegistryIssuer;
import dev.dungji.issuer.RegistryIssuer;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class IssuerConfigurationTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withUserConfiguration(IssuerConfiguration.class)
          .withPropertyValues("dungji.ocr.tesseract.enabled=false");

  @Test
  void theSandboxIsTheDefault() {
    runner.run(
        context ->
            assertThat(context.getBean(RegistryIssuer.class))
                .isInstanceOf(SandboxRegistryIssuer.class));
  }

  @Test
  void httpBuildsTheIssuingApiAdapter() {
    runner
        .withPropertyValues(
            "dungji.issuer.type=http",
            "dungji.issuer.http.base-url=https://issuer.example.test",
            "dungji.issuer.http.token-url=https://issuer.example.test/oauth/token",
            "dungji.issuer.http.client-id=demo",
            "dungji.issuer.http.client-secret=not-a-secret")
        .run(
            context -> {
              assertThat(context).hasNotFailed().hasSingleBean(RegistryIssuer.class);
              assertThat(context.getBean(RegistryIssuer.class))
                  .isInstanceOf(HttpRegistryIssuer.class);
            });
  }

  @Test
  void httpWithoutCredentialsFailsStartUpNamingTheProperty() {
    runner
        .withPropertyValues(
            "dungji.issuer.type=http",
            "dungji.issuer.http.base-url=https://issuer.example.test",
            "dungji.issuer.http.token-url=https://issuer.example.test/oauth/token")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("dungji.issuer.http.client-id"));
  }

  @Test
  void customLeavesTheIssuerToTheApplication() {
    runner
        .withPropertyValues("dungji.issuer.type=custom")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context).doesNotHaveBean(RegistryIssuer.class);
            });
  }

  @Test
  void anIssuerThatDoesNotExistFailsStartUpNamingTheProperty() {
    runner.withPropertyValues("dungji.issuer.type=htpp").run(cannotBind("dungji.issuer.type"));
  }

  @Test
  void badSandboxFaultsFailStartUpNamingTheProperty() {
    runner
        .withPropertyValues("dungji.issuer.sandbox.faults=timeout:2")
        .run(failureSays("dungji.issuer.sandbox.faults: a fault rate is between 0 and 1"));
  }

  @Test
  void aTesseractModeOutOfRangeFailsStartUpNamingTheProperty() {
    runner
        .withPropertyValues("dungji.ocr.tesseract.psm=14")
        .run(rootCauseSays("Binding validation errors on dungji.ocr", "field 'tesseract.psm'"));
  }

  @Test
  void theSecretsStayOutOfToString() {
    runner
        .withPropertyValues(
            "dungji.issuer.http.client-secret=client-secret-not-for-logs",
            "dungji.issuer.http.prepaid-password=prepaid-password-not-for-logs")
        .run(
            context ->
                assertThat(context.getBean(IssuerProperties.class).toString())
                    .contains("readTimeout=PT1M30S")
                    .doesNotContain("not-for-logs"));
  }

  @Test
  void theTesseractSettingsReachTheAdapter() {
    new ApplicationContextRunner()
        .withUserConfiguration(IssuerConfiguration.class)
        .withPropertyValues(
            "dungji.ocr.tesseract.command=/opt/ocr/tesseract", "dungji.ocr.tesseract.psm=4")
        .run(
            context ->
                assertThat(context.getBean(TesseractPageOcr.class).describe())
                    .isEqualTo(
                        "/opt/ocr/tesseract (kor, psm 4, rules of 150 px removed, binarised)"));
  }
}
