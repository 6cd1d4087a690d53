package dev.dungji.adapter.registry.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dungji.issuer.IssueRequest;
import dev.dungji.issuer.IssuedDocument;
import dev.dungji.issuer.IssuerException;
import dev.dungji.issuer.IssuerFault;
import dev.dungji.issuer.Refetch;
import dev.taskrow.test.SettableClock;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Against a local HTTP server that behaves, and misbehaves, like the issuing API. */
class HttpRegistryIssuerTest {
  private final FakeCodef codef = new FakeCodef();
  private MockWebServer server;
  private HttpRegistryIssuer issuer;

  @BeforeEach
  void start() throws Exception {
    server = new MockWebServer();
    server.setDispatcher(codef);
    server.start();
    issuer = issuer(FakeCodef.SECRET, Duration.ofSeconds(1));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private HttpRegistryIssuer issuer(String secret, Duration readTimeout) {
    URI base = server.url("/").uri();
    return new HttpRegistryIssuer(
        new HttpIssuerSettings(
            base,
            base.resolve("/oauth/token"),
            FakeCodef.CLIENT,
            secret,
            "prepay-1",
            "pw",
            Duration.ofSeconds(1),
            readTimeout),
        Clock.systemUTC());
  }

  private static IssueRequest byAddress(String address) {
    return byAddress("key-" + address, address);
  }

  private static IssueRequest byAddress(String key, String address) {
    return new IssueRequest(key, 1, address, null, "101", "1203", "nest");
  }

  @Test
  void searchesByAddressChoosesTheCurrentUnitAndDecodesThePdf() {
    IssuedDocument document = issuer.issue(byAddress("key-1", "서울특별시 마포구 월드컵북로 396"));

    assertThat(document.pdf()).isEqualTo(FakeCodef.PDF);
    assertThat(document.issuerReference()).isEqualTo("1234-5678");
    assertThat(codef.payments.get()).isEqualTo(1);
    assertThat(codef.requests).hasSize(2);
    assertThat(codef.requests.get(1).path("uniqueNo").asString()).isEqualTo("11462006012345");
    assertThat(codef.requests.get(1).path("twoWayInfo").path("jti").asString())
        .isEqualTo("jti-123");
    assertThat(codef.requests.get(0).path("requestId").asString()).isEqualTo("key-1");
  }

  @Test
  void aRegistryNumberIssuesInOneStep() {
    IssuedDocument document =
        issuer.issue(new IssueRequest("k", 1, "주소", "1146-2006-012345", null, null, "n"));

    assertThat(document.pdf()).isEqualTo(FakeCodef.PDF);
    assertThat(codef.requests).hasSize(1);
    assertThat(codef.requests.get(0).path("uniqueNo").asString()).isEqualTo("11462006012345");
  }

  @Test
  void theTokenIsCachedAndRenewedAfterA401() {
    issuer.issue(byAddress("a"));
    issuer.issue(byAddress("b"));
    assertThat(codef.tokensIssued.get()).isEqualTo(1);

    codef.revoked.put("Bearer tok-1", true);
    assertThatThrownBy(() -> issuer.issue(byAddress("c")))
        .isInstanceOfSatisfying(
            IssuerException.class,
            e -> assertThat(e.fault()).isEqualTo(IssuerFault.INITIALISATION_FAILED));
    issuer.issue(byAddress("d"));
    assertThat(codef.tokensIssued.get()).isEqualTo(2);
  }

  @Test
  void wrongCredentialsAreAnInitialisationFailure() {
    assertFault(issuer("wrong", Duration.ofSeconds(1)), "a", IssuerFault.INITIALISATION_FAILED);
  }

  @Test
  void aSlowAnswerBeforePaymentIsATransientTimeout() {
    assertFault(issuer, "slow-search", IssuerFault.TIMEOUT_BEFORE_PAYMENT);
    assertThat(codef.payments.get()).isZero();
  }

  @Test
  void aSlowAnswerToThePayingRequestIsPossiblyCharged() {
    assertFault(issuer, "slow-pay", IssuerFault.POSSIBLY_CHARGED);
    assertThat(codef.payments.get()).isEqualTo(1);
  }

  @Test
  void aChargeWhoseAnswerWasLostIsFetchedAgainWithoutASecondCharge() {
    assertFault(issuer, "slow-pay", IssuerFault.POSSIBLY_CHARGED);

    assertThat(issuer.refetch("key-slow-pay"))
        .isInstanceOfSatisfying(
            Refetch.Found.class,
            found -> assertThat(found.document().pdf()).isEqualTo(FakeCodef.PDF));
    assertThatThrownBy(() -> issuer.issue(byAddress("key-slow-pay", "again")))
        .isInstanceOfSatisfying(
            IssuerException.class,
            e -> assertThat(e.fault()).isEqualTo(IssuerFault.DUPLICATE_PAYMENT));
    assertThat(codef.charges()).isEqualTo(1);
    assertThat(codef.duplicatesRefused()).isEqualTo(1);
  }

  @Test
  void aRequestIdTheApiNeverChargedIsNotCharged() {
    assertFault(issuer, "maintenance", IssuerFault.MAINTENANCE);

    assertThat(issuer.refetch("key-maintenance")).isInstanceOf(Refetch.NotCharged.class);
    assertThat(issuer.refetch("never-sent")).isInstanceOf(Refetch.NotCharged.class);
  }

  @Test
  void pastTheWindowTheOutcomeIsUnknowable() {
    SettableClock clock = new SettableClock(Instant.parse("2026-12-01T01:00:00Z"));
    codef.clock = clock;
    codef.refetchWindow = Duration.ofHours(1);
    issuer.issue(byAddress("key-w", "서울특별시 마포구 월드컵북로 396"));

    clock.advance(Duration.ofMinutes(60));
    assertThat(issuer.refetch("key-w")).isInstanceOf(Refetch.Found.class);
    clock.advance(Duration.ofSeconds(1));
    assertThat(issuer.refetch("key-w")).isInstanceOf(Refetch.Unknowable.class);
  }

  @Test
  void withoutAResultInquiryTheOutcomeIsUnknowable() {
    URI base = server.url("/").uri();
    HttpRegistryIssuer noInquiry =
        new HttpRegistryIssuer(
            new HttpIssuerSettings(
                base,
                base.resolve("/oauth/token"),
                FakeCodef.CLIENT,
                FakeCodef.SECRET,
                "p",
                "p",
                Duration.ofSeconds(1),
                Duration.ofSeconds(1),
                null),
            Clock.systemUTC());
    noInquiry.issue(byAddress("key-n", "서울특별시 마포구 월드컵북로 396"));

    assertThat(noInquiry.refetch("key-n")).isInstanceOf(Refetch.Unknowable.class);
  }

  @Test
  void aResultInquiryTheApiCannotAnswerNowIsThrownAsTransient() {
    server.close();

    assertThatThrownBy(() -> issuer.refetch("key-1"))
        .isInstanceOfSatisfying(
            IssuerException.class, e -> assertThat(e.fault().isTransient()).isTrue());
  }

  @Test
  void resultCodesAndHttpStatusesMapToFaults() {
    assertFault(issuer, "maintenance", IssuerFault.MAINTENANCE);
    assertFault(issuer, "duplicate", IssuerFault.DUPLICATE_PAYMENT);
    IssuerException busy = assertFault(issuer, "busy", IssuerFault.RATE_LIMITED);
    assertThat(busy.retryAfter()).hasValue(Duration.ofSeconds(7));
  }

  @Test
  void anEmptyPdfComesBackEmpty() {
    assertThat(issuer.issue(byAddress("empty")).pdf()).isEmpty();
  }

  @Test
  void anUnreachableApiIsANetworkFault() throws Exception {
    int closed;
    try (ServerSocket socket = new ServerSocket(0)) {
      closed = socket.getLocalPort();
    }
    URI base = URI.create("http://127.0.0.1:" + closed + "/");
    HttpRegistryIssuer down =
        new HttpRegistryIssuer(
            new HttpIssuerSettings(
                base,
                base.resolve("/oauth/token"),
                "c",
                "s",
                null,
                null,
                Duration.ofSeconds(1),
                Duration.ofSeconds(1)),
            Clock.systemUTC());

    assertFault(down, "a", IssuerFault.NETWORK);
  }

  private static IssuerException assertFault(
      HttpRegistryIssuer issuer, String address, IssuerFault fault) {
    try {
      issuer.issue(byAddress(address));
    } catch (IssuerException e) {
      assertThat(e.fault()).as(e.getMessage()).isEqualTo(fault);
      return e;
    }
    throw new AssertionError("expected " + fault);
  }
}
