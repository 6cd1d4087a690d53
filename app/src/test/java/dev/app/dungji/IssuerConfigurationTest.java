package dev.app.dungji;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dungji.adapter.registry.http.HttpRegistryIssuer;
import dev.dungji.adapter.registry.sandbox.SandboxRegistryIssuer;
import dev.dungji.issuer.RegistryIssuer;
import org.junit.jupiter.api.Test;
import org.springframework.boot.convert.ApplicationConversionService;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class IssuerConfigurationTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          // As in the application: "5s" binds to a Duration.
          .withInitializer(
              context ->
                  context
                      .getBeanFactory()
                      .setConversionService(ApplicationConversionService.getSharedInstance()))
          .withUserConfiguration(IssuerConfiguration.class)
          .withPropertyValues("app.ocr.tesseract.enabled=false");

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
            "app.issuer.type=http",
            "app.issuer.http.base-url=https://issuer.example.test",
            "app.issuer.http.token-url=https://issuer.example.test/oauth/token",
            "app.issuer.http.client-id=demo",
            "app.issuer.http.client-secret=not-a-secret")
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
            "app.issuer.type=http",
            "app.issuer.http.base-url=https://issuer.example.test",
            "app.issuer.http.token-url=https://issuer.example.test/oauth/token")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("app.issuer.http.client-id"));
  }
}
