package dev.app.dungji;

import dev.dungji.adapter.ocr.tesseract.TesseractPageOcr;
import dev.dungji.adapter.registry.http.HttpIssuerSettings;
import dev.dungji.adapter.registry.http.HttpRegistryIssuer;
import dev.dungji.adapter.registry.sandbox.SandboxRegistryIssuer;
import dev.platform.embedded.EmbeddedDefault;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The registry issuer ({@code app.issuer.type=sandbox} by default, {@code http} for the real
 * issuing API, {@code app.issuer.http.*}) and the OCR engine for pages without a text layer ({@code
 * app.ocr.tesseract.enabled}, default true).
 */
@Configuration(proxyBeanMethods = false)
public class IssuerConfiguration {

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(name = "app.issuer.type", havingValue = "sandbox", matchIfMissing = true)
  static class Sandbox {
    @Bean
    SandboxRegistryIssuer sandboxRegistryIssuer(
        // Empty: the NanumGothic bundled with the sandbox adapter.
        @Value("${app.issuer.sandbox.font:}") String font,
        @Value("${app.issuer.sandbox.faults:}") String faults) {
      return new SandboxRegistryIssuer(
          font.isBlank() ? null : Path.of(font),
          SandboxRegistryIssuer.parseRates(faults),
          () -> ThreadLocalRandom.current().nextDouble());
    }

    @Bean
    EmbeddedDefault sandboxIssuerDefault(@Value("${app.issuer.sandbox.faults:}") String faults) {
      return EmbeddedDefault.inUse(
          "registry issuer: sandbox — generated certificates, no payment"
              + (faults.isBlank() ? "" : ", injected faults " + faults)
              + "; set app.issuer.type=http for the real issuing API");
    }
  }

  /** The real issuing API (CODEF-style, OAuth client credentials, prepaid fee). */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(name = "app.issuer.type", havingValue = "http")
  static class Http {
    @Bean
    HttpRegistryIssuer httpRegistryIssuer(
        @Value("${app.issuer.http.base-url:}") String baseUrl,
        @Value("${app.issuer.http.token-url:}") String tokenUrl,
        @Value("${app.issuer.http.client-id:}") String clientId,
        @Value("${app.issuer.http.client-secret:}") String clientSecret,
        @Value("${app.issuer.http.prepaid-number:}") String prepaidNumber,
        @Value("${app.issuer.http.prepaid-password:}") String prepaidPassword,
        @Value("${app.issuer.http.connect-timeout:5s}") Duration connectTimeout,
        @Value("${app.issuer.http.read-timeout:90s}") Duration readTimeout) {
      return new HttpRegistryIssuer(
          new HttpIssuerSettings(
              uri(baseUrl),
              uri(tokenUrl),
              clientId,
              clientSecret,
              prepaidNumber,
              prepaidPassword,
              connectTimeout,
              readTimeout),
          Clock.systemUTC());
    }

    private static URI uri(String value) {
      return value.isBlank() ? null : URI.create(value);
    }
  }

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(
      name = "app.ocr.tesseract.enabled",
      havingValue = "true",
      matchIfMissing = true)
  static class Tesseract {
    @Bean
    TesseractPageOcr tesseractPageOcr(
        @Value("${app.ocr.tesseract.command:tesseract}") String command,
        @Value("${app.ocr.tesseract.language:kor}") String language,
        @Value("${app.ocr.tesseract.psm:6}") int psm,
        @Value("${app.ocr.tesseract.timeout:2m}") Duration timeout) {
      return new TesseractPageOcr(command, language, psm, timeout);
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
