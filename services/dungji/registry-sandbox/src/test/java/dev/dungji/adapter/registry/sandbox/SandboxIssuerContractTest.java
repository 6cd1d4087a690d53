package dev.dungji.adapter.registry.sandbox;

import dev.dungji.issuer.IssueRequest;
import dev.dungji.issuer.RegistryIssuer;
import dev.dungji.issuer.RegistryIssuerContractTest;
import java.util.Map;

class SandboxIssuerContractTest extends RegistryIssuerContractTest {
  private final SandboxRegistryIssuer issuer =
      new SandboxRegistryIssuer(SandboxRegistryIssuerTest.FONT, Map.of(), () -> 0.5);

  @Override
  protected RegistryIssuer issuer() {
    return issuer;
  }

  @Override
  protected IssueRequest issuable(String key) {
    return new IssueRequest(key, 1, "부산광역시 해운대구 센텀중앙로 79", null, null, null, "n");
  }

  @Override
  protected IssueRequest refusedBeforePayment(String key) {
    return new IssueRequest(key, 1, "어디에도 없는 주소", null, null, null, "[sandbox:automation]");
  }
}
