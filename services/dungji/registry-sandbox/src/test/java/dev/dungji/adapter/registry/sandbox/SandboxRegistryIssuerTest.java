package dev.dungji.adapter.registry.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dungji.issuer.IssueRequest;
import dev.dungji.issuer.IssuedDocument;
import dev.dungji.issuer.IssuerException;
import dev.dungji.issuer.IssuerFault;
import dev.dungji.issuer.Refetch;
import dev.taskrow.test.SettableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;

class SandboxRegistryIssuerTest {
  // The bundled NanumGothic: nothing to install.
  static final Path FONT = null;
  private final SandboxRegistryIssuer issuer = new SandboxRegistryIssuer(FONT, Map.of(), () -> 0.5);

  private static IssueRequest request(String key, int attempt, String label) {
    return new IssueRequest(key, attempt, "서울특별시 마포구 월드컵북로 396", null, "101", "1203", label);
  }

  @Test
  void issuesARegistryCertificateWithAKoreanTextLayer() throws Exception {
    IssuedDocument document = issuer.issue(request("k1", 1, "우리 집 [register:mortgaged]"));

    try (PDDocument pdf = Loader.loadPDF(document.pdf())) {
      String text = new PDFTextStripper().getText(pdf);
      assertThat(pdf.getNumberOfPages()).isGreaterThanOrEqualTo(2);
      assertThat(text)
          .contains("등기사항전부증명서", "표 제 부", "갑 구", "을 구", "소유권", "월드컵북로 396", "101동 1203호");
    }
    assertThat(issuer.payments("k1")).isEqualTo(1);
  }

  @Test
  void oneAddressAlwaysGetsTheSameHistory() {
    assertThat(RegistryPdf.content(request("a", 1, null)))
        .isEqualTo(RegistryPdf.content(request("b", 1, null)));
  }

  @Test
  void aScannedCertificateHasNoTextLayer() throws Exception {
    IssuedDocument document = issuer.issue(request("k2", 1, "[sandbox:scanned]"));

    try (PDDocument pdf = Loader.loadPDF(document.pdf())) {
      assertThat(new PDFTextStripper().getText(pdf).strip()).isEmpty();
      assertThat(pdf.getNumberOfPages()).isEqualTo(2);
    }
  }

  @Test
  void neverChargesTwiceForOneKey() {
    issuer.issue(request("k3", 1, null));

    assertThatThrownBy(() -> issuer.issue(request("k3", 2, null)))
        .isInstanceOfSatisfying(
            IssuerException.class,
            e -> assertThat(e.fault()).isEqualTo(IssuerFault.DUPLICATE_PAYMENT));
    assertThat(issuer.payments("k3")).isEqualTo(1);
    assertThat(issuer.refetch("k3")).isInstanceOf(Refetch.Found.class);
  }

  @Test
  void faultMarkersInTheLabelInjectFaults() {
    assertFault("[sandbox:init]", IssuerFault.INITIALISATION_FAILED);
    assertFault("[sandbox:automation]", IssuerFault.AUTOMATION_FAILED);
    assertFault("[sandbox:timeout]", IssuerFault.TIMEOUT_BEFORE_PAYMENT);
    assertFault("[sandbox:network-once]", IssuerFault.NETWORK);
    assertFault("[sandbox:maintenance-once]", IssuerFault.MAINTENANCE);
    assertFault("[sandbox:rate-limit-once]", IssuerFault.RATE_LIMITED);
    assertFault("[sandbox:duplicate]", IssuerFault.DUPLICATE_PAYMENT);
    assertFault("[sandbox:charged-timeout]", IssuerFault.POSSIBLY_CHARGED);
  }

  @Test
  void onceFaultsPassOnTheSecondAttempt() {
    assertThatThrownBy(() -> issuer.issue(request("k4", 1, "[sandbox:timeout-once]")))
        .isInstanceOf(IssuerException.class);
    assertThat(issuer.payments("k4")).isZero();

    assertThat(issuer.issue(request("k4", 2, "[sandbox:timeout-once]")).pdf()).isNotEmpty();
    assertThat(issuer.payments("k4")).isEqualTo(1);
  }

  @Test
  void aChargedTimeoutCanBeFetchedAgainWithoutPayingTwice() {
    assertThatThrownBy(() -> issuer.issue(request("k5", 1, "[sandbox:charged-timeout]")))
        .isInstanceOf(IssuerException.class);

    assertThat(issuer.refetch("k5"))
        .isInstanceOfSatisfying(
            Refetch.Found.class, f -> assertThat(f.document().pdf()).isNotEmpty());
    assertThat(issuer.payments("k5")).isEqualTo(1);
  }

  @Test
  void aChargedDocumentCanBeFetchedAgainOnlyWithinTheWindow() {
    SettableClock clock = new SettableClock(Instant.parse("2026-12-01T01:00:00Z"));
    SandboxRegistryIssuer windowed =
        new SandboxRegistryIssuer(FONT, Map.of(), () -> 0.99, Duration.ofHours(1), clock);
    windowed.issue(request("k10", 1, null));

    clock.advance(Duration.ofMinutes(59));
    assertThat(windowed.refetch("k10")).isInstanceOf(Refetch.Found.class);
    clock.advance(Duration.ofMinutes(2));
    assertThat(windowed.refetch("k10")).isInstanceOf(Refetch.Unknowable.class);
    assertThat(windowed.refetch("never-sent")).isInstanceOf(Refetch.NotCharged.class);
    assertThat(windowed.payments("k10")).isEqualTo(1);
  }

  @Test
  void emptyReturnsAnEmptyPdf() {
    assertThat(issuer.issue(request("k6", 1, "[sandbox:empty]")).pdf()).isEmpty();
  }

  @Test
  void configuredRatesApplyToEveryRequest() {
    SandboxRegistryIssuer flaky =
        new SandboxRegistryIssuer(
            FONT, SandboxRegistryIssuer.parseRates("automation:0.3"), () -> 0.2);

    assertThatThrownBy(() -> flaky.issue(request("k7", 1, null)))
        .isInstanceOf(IssuerException.class);
    assertThat(SandboxRegistryIssuer.parseRates("timeout:0.1, empty"))
        .containsEntry(SandboxFault.TIMEOUT, 0.1)
        .containsEntry(SandboxFault.EMPTY, 1.0);
    assertThatThrownBy(() -> SandboxRegistryIssuer.parseRates("nonsense:0.1"))
        .hasMessageContaining("unknown sandbox fault");
  }

  @Test
  void aMissingFontFallsBackToTheBundledOne() throws Exception {
    SandboxRegistryIssuer withoutFont =
        new SandboxRegistryIssuer(Path.of("/nonexistent.ttf"), Map.of(), () -> 0.5);
    IssuedDocument document = withoutFont.issue(request("k9", 1, "우리 집"));
    try (PDDocument pdf = Loader.loadPDF(document.pdf())) {
      assertThat(new PDFTextStripper().getText(pdf)).contains("등기사항전부증명서", "갑 구");
    }
  }

  private void assertFault(String label, IssuerFault expected) {
    assertThatThrownBy(() -> issuer.issue(request("f-" + label, 1, label)))
        .isInstanceOfSatisfying(
            IssuerException.class, e -> assertThat(e.fault()).isEqualTo(expected));
  }
}
