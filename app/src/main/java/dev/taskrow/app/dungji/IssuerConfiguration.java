package dev.taskrow.app.dungji;

import dev.taskrow.adapter.ocr.tesseract.TesseractPageOcr;
import dev.taskrow.adapter.registry.sandbox.SandboxRegistryIssuer;
import dev.taskrow.embedded.EmbeddedDefault;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The registry issuer ({@code app.issuer.type=sandbox} by default) and the OCR engine for pages
 * without a text layer ({@code app.ocr.tesseract.enabled}, default true).
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
