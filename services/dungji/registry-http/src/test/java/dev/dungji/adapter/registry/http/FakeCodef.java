package dev.dungji.adapter.registry.http;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A CODEF-style issuing API that misbehaves like the real one: URL-encoded JSON both ways, result
 * codes in an HTTP 200, a two-step address search, base64 PDFs, slow answers, expiring tokens. The
 * behaviour is chosen per request by the address (or unique number) the client sends.
 */
final class FakeCodef extends Dispatcher {
  static final String CLIENT = "client-id";
  static final String SECRET = "client-secret";
  static final byte[] PDF = "%PDF-1.7 fake registry certificate".getBytes(StandardCharsets.UTF_8);
  private static final JsonMapper JSON = JsonMapper.builder().build();

  final AtomicInteger tokensIssued = new AtomicInteger();
  final AtomicInteger payments = new AtomicInteger();
  final List<JsonNode> requests = new CopyOnWriteArrayList<>();
  final Map<String, Boolean> revoked = new ConcurrentHashMap<>();
  volatile long slowMillis = 3_000;

  @Override
  public MockResponse dispatch(RecordedRequest request) {
    String path = request.getUrl().encodedPath();
    String body = request.getBody() == null ? "" : request.getBody().utf8();
    if (path.equals("/oauth/token")) {
      String expected =
          "Basic "
              + Base64.getEncoder()
                  .encodeToString((CLIENT + ":" + SECRET).getBytes(StandardCharsets.UTF_8));
      if (!expected.equals(request.getHeaders().get("Authorization"))
          || !body.contains("grant_type=client_credentials")) {
        return new MockResponse.Builder().code(401).body("{\"error\":\"invalid_client\"}").build();
      }
      String token = "tok-" + tokensIssued.incrementAndGet();
      return new MockResponse.Builder()
          .code(200)
          .body(
              "{\"access_token\":\""
                  + token
                  + "\",\"token_type\":\"bearer\",\"expires_in\":604799}")
          .build();
    }
    if (!path.equals(HttpRegistryIssuer.PRODUCT_PATH)) {
      return new MockResponse.Builder().code(404).build();
    }
    String auth = request.getHeaders().get("Authorization");
    if (auth == null || !auth.startsWith("Bearer tok-") || revoked.remove(auth) != null) {
      return new MockResponse.Builder().code(401).build();
    }
    // The whole JSON body arrives URL-encoded.
    JsonNode json = JSON.readTree(URLDecoder.decode(body, StandardCharsets.UTF_8));
    requests.add(json);
    String scenario = json.path("address").asString(json.path("uniqueNo").asString());
    boolean secondStep = json.path("is2Way").asBoolean(false);
    boolean pays = secondStep || json.path("inquiryType").asString().equals("0");

    if (scenario.contains("maintenance")) {
      return answer("CF-00016", "기관 점검 시간입니다.", null);
    }
    if (scenario.contains("busy")) {
      return new MockResponse.Builder().code(429).addHeader("Retry-After", "7").build();
    }
    if (scenario.contains("duplicate") && pays) {
      return answer("CF-13325", "이미 결제된 건입니다.", null);
    }
    if (scenario.contains("slow-search") && !secondStep) {
      return slow(answer("CF-03002", "", twoWayData()));
    }
    if (!pays) {
      return answer("CF-03002", "추가 인증 필요", twoWayData());
    }
    if (secondStep) {
      JsonNode twoWay = json.path("twoWayInfo");
      if (!twoWay.path("jti").asString().equals("jti-123")
          || !json.path("uniqueNo").asString().equals("11462006012345")) {
        return answer("CF-12801", "잘못된 추가 인증 정보", null);
      }
    }
    payments.incrementAndGet();
    ObjectNode data = JSON.createObjectNode();
    data.put("resIssueNo", "1234-5678");
    data.put(
        "resOriGinalData",
        scenario.contains("empty") ? "" : Base64.getMimeEncoder().encodeToString(PDF));
    MockResponse paid = answer("CF-00000", "성공", data);
    return scenario.contains("slow-pay") ? slow(paid) : paid;
  }

  private MockResponse slow(MockResponse response) {
    return response.newBuilder().headersDelay(slowMillis, TimeUnit.MILLISECONDS).build();
  }

  private static ObjectNode twoWayData() {
    ObjectNode data = JSON.createObjectNode();
    data.put("continue2Way", true);
    data.put("method", "selectAddress");
    data.put("jobIndex", 0);
    data.put("threadIndex", 0);
    data.put("jti", "jti-123");
    data.put("twoWayTimestamp", 1_700_000_000_000L);
    var list = data.putObject("extraInfo").putArray("resAddrList");
    list.addObject()
        .put("commUniqueNo", "11462006099999")
        .put("commAddrRoadName", "서울특별시 마포구 월드컵북로 396 101동 1203호")
        .put("resState", "폐쇄");
    list.addObject()
        .put("commUniqueNo", "11462006000001")
        .put("commAddrRoadName", "서울특별시 마포구 월드컵북로 396 102동 301호")
        .put("resState", "현행");
    list.addObject()
        .put("commUniqueNo", "11462006012345")
        .put("commAddrRoadName", "서울특별시 마포구 월드컵북로 396 101동 1203호")
        .put("resState", "현행");
    return data;
  }

  private static MockResponse answer(String code, String message, JsonNode data) {
    ObjectNode root = JSON.createObjectNode();
    root.putObject("result").put("code", code).put("message", message);
    root.set("data", data == null ? JSON.createObjectNode() : data);
    // The answer, like the request, is URL-encoded JSON.
    return new MockResponse.Builder()
        .code(200)
        .body(URLEncoder.encode(JSON.writeValueAsString(root), StandardCharsets.UTF_8))
        .build();
  }
}
