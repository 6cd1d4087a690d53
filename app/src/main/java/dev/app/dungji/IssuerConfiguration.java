package dev.app.dungji;

import dev.dungji.adapter.ocr.tesseract.TesseractPageOcr;
import dev.dungji.adapter.registry.http.HttpIssuerSettings;
import dev.dungji.adapter.registry.http.HttpRegistryIssuer;
import dev.dungji.adapter.registry.sandbox.SandboxFault;
import dev.dungji.adapter.registry.sandbox.SandboxRegistryIssuer;
import dev.platform.embedded.EmbeddedDefault;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The registry issuer, chosen by {@code dungji.issuer.type} ({@link IssuerProperties}): {@code
 * sandbox} by default, {@code http} for the real issuing API; and the OCR engine for pages without
 * a text layer ({@link OcrProperties}, {@code dungji.ocr.tesseract.enabled}, default true).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({IssuerProperties.class, OcrProperties.class})
public class IssuerConfiguration {

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(
      name = "dungji.issuer.type",
      havingValue = "sandbox",
      matchIfMissing = true)
  static class Sandbox {
    @Bean
    SandboxRegistryIssuer sandboxRegistryIssuer(IssuerProperties properties) {
      IssuerProperties.Sandbox sandbox = properties.sandbox();
      return new SandboxRegistryIssuer(
          sandbox.font(),
          faultRates(sandbox.faults()),
          () -> ThreadLocalRandom.current().nextDouble(),
          sandbox.refetchWindow(),
          Clock.systemUTC());
    }

    @Bean
    EmbeddedDefault sandboxIssuerDefault(IssuerProperties properties) {
      String faults = properties.sandbox().faults();
      return EmbeddedDefault.inUse(
          "registry issuer: sandbox — generated certificates, no payment"
              + (faults == null || faults.isBlank() ? "" : ", injected faults " + faults)
              + "; set dungji.issuer.type=http for the real issuing API");
    }

    private static Map<SandboxFault, Double> faultRates(String faults) {
      try {
        return SandboxRegistryIssuer.parseRates(faults);
      } catch (IllegalArgumentException e) {
        throw new IllegalStateException("dungji.issuer.sandbox.faults: " + e.getMessage(), e);
      }
    }
  }

  /** The real issuing API (CODEF-style, OAuth client credentials, prepaid fee). */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(name = "dungji.issuer.type", havingValue = "http")
  static class Http {
    @Bean
    HttpRegistryIssuer httpRegistryIssuer(IssuerProperties properties) {
      IssuerProperties.Http http = properties.http();
      return new HttpRegistryIssuer(
          new HttpIssuerSettings(
              http.baseUrl(),
              http.tokenUrl(),
              http.clientId(),
              http.clientSecret(),
              http.prepaidNumber(),
              http.prepaidPassword(),
              http.connectTimeout(),
              http.readTimeout(),
              http.resultPath()),
          Clock.systemUTC());
    }
  }

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(
      name = "dungji.ocr.tesseract.enabled",
      havingValue = "true",
      matchIfMissing = true)
  static class Tesseract {
    @Bean
    TesseractPageOcr tesseractPageOcr(OcrProperties properties) {
      OcrProperties.Tesseract tesseract = properties.tesseract();
      return new TesseractPageOcr(
          tesseract.command(), tesseract.language(), tesseract.psm(), tesseract.timeout());
    }

    @Bean
    EmbeddedDefault tesseractMissing(TesseractPageOcr ocr) {
      return () ->
          ocr.available()
              ? Optional.empty()
              : Optional.of(
                  "ocr: "
                      + ocr.describe()
                      + " is not installed — image-only PDFs fail OCR_ENGINE_UNAVAILABLE;"
                      + " apt-get install -y tesseract-ocr tesseract-ocr-kor");
    }
  }
}
