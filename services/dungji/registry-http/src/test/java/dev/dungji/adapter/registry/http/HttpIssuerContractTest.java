package dev.dungji.adapter.registry.http;

import dev.dungji.issuer.IssueRequest;
import dev.dungji.issuer.RegistryIssuer;
import dev.dungji.issuer.RegistryIssuerContractTest;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;

class HttpIssuerContractTest extends RegistryIssuerContractTest {
  private MockWebServer server;
  private HttpRegistryIssuer issuer;

  @Override
  protected RegistryIssuer issuer() {
    if (issuer == null) {
      server = new MockWebServer();
      server.setDispatcher(new FakeCodef());
      try {
        server.start();
      } catch (java.io.IOException e) {
        throw new IllegalStateException(e);
      }
      URI base = server.url("/").uri();
      issuer =
          new HttpRegistryIssuer(
              new HttpIssuerSettings(
                  base,
                  base.resolve("/oauth/token"),
                  FakeCodef.CLIENT,
                  FakeCodef.SECRET,
                  "p",
                  "p",
                  Duration.ofSeconds(2),
                  Duration.ofSeconds(2)),
              Clock.systemUTC());
    }
    return issuer;
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Override
  protected IssueRequest issuable(String key) {
    return new IssueRequest(key, 1, "서울특별시 마포구 월드컵북로 396", null, "101", "1203", "n");
  }

  @Override
  protected IssueRequest refusedBeforePayment(String key) {
    return new IssueRequest(key, 1, "maintenance", null, null, null, "n");
  }
}
