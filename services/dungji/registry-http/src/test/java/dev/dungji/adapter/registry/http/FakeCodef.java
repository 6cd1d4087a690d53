package dev.dungji.adapter.registry.http;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
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
 *
 * <p>Payments as the real service makes them: the prepaid account is charged the moment the paying
 * request arrives, the answer leaves {@link #payDelayMillis} later (a client that dies meanwhile
 * has paid all the same), a {@code requestId} is never charged twice ({@code CF-13325}), and the
 * result inquiry serves a charged document again for {@link #refetchWindow}. Used by this module's
 * tests, 둥지's tests and the fault suite (test-jar).
 */
public final class FakeCodef extends Dispatcher {
  public static final String CLIENT = "client-id";
  public static final String SECRET = "client-secret";
  public static final byte[] PDF =
      "%PDF-1.7 fake registry certificate".getBytes(StandardCharsets.UTF_8);
  private static final JsonMapper JSON = JsonMapper.builder().build();

  final AtomicInteger tokensIssued = new AtomicInteger();
  final AtomicInteger payments = new AtomicInteger();
  final List<JsonNode> requests = new CopyOnWriteArrayList<>();
  final Map<String, Boolean> revoked = new ConcurrentHashMap<>();
  volatile long slowMillis = 3_000;

  /** One charge: what was charged for and when. */
  public record Charge(String requestId, byte[] pdf, Instant at) {}

  private final Map<String, Charge> charges = new ConcurrentHashMap<>();
  private final Map<String, AtomicInteger> chargesPerRequest = new ConcurrentHashMap<>();
  private final AtomicInteger duplicatesRefused = new AtomicInteger();

  /** How long the paying answer takes after the charge (the slow-pay scenario: slowMillis). */
  public volatile LongSupplier payDelayMillis = () -> 0;

  /** How long the result inquiry serves a charged document again. */
  public volatile Duration refetchWindow = Duration.ofDays(1);

  /** The charges' and the window's clock. */
  public volatile Clock clock = Clock.systemUTC();

  /** A PDF this server would make for any request: what the fault suite's workers receive. */
  public volatile byte[] pdf = PDF;

  /** Charges made (a requestId is charged at most once). */
  public int charges() {
    return payments.get();
  }

  /** How many times each request id was charged: never more than 1. */
  public Map<String, Integer> chargesPerRequest() {
    Map<String, Integer> copy = new java.util.HashMap<>();
    chargesPerRequest.forEach((k, v) -> copy.put(k, v.get()));
    return copy;
  }

  /** Paying requests refused because their requestId was already charged. */
  public int duplicatesRefused() {
    return duplicatesRefused.get();
  }

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
    boolean result = path.equals(HttpIssuerSettings.DEFAULT_RESULT_PATH);
    if (!path.equals(HttpRegistryIssuer.PRODUCT_PATH) && !result) {
      return new MockResponse.Builder().code(404).build();
    }
    String auth = request.getHeaders().get("Authorization");
    if (auth == null || !auth.startsWith("Bearer tok-") || revoked.remove(auth) != null) {
      return new MockResponse.Builder().code(401).build();
    }
    // The whole JSON body arrives URL-encoded.
    JsonNode json = JSON.readTree(URLDecoder.decode(body, StandardCharsets.UTF_8));
    if (result) {
      return result(json.path("requestId").asString(""));
    }
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
    String requestId = json.path("requestId").asString("");
    byte[] document = scenario.contains("empty") ? new byte[0] : pdf;
    Charge charge = new Charge(requestId, document, clock.instant());
    if (charges.putIfAbsent(requestId, charge) != null) {
      duplicatesRefused.incrementAndGet();
      return answer("CF-13325", "동일 건 결제 완료", null);
    }
    payments.incrementAndGet();
    chargesPerRequest.computeIfAbsent(requestId, k -> new AtomicInteger()).incrementAndGet();
    MockResponse paid = answer("CF-00000", "성공", documentData(charge));
    if (scenario.contains("slow-pay")) {
      return slow(paid);
    }
    long delay = payDelayMillis.getAsLong();
    return delay > 0 ? paid.newBuilder().headersDelay(delay, TimeUnit.MILLISECONDS).build() : paid;
  }

  /** The result inquiry: the outcome of the caller's own request id. */
  private MockResponse result(String requestId) {
    Charge charge = charges.get(requestId);
    if (charge == null) {
      return answer("CF-13330", "요청 내역이 없습니다.", null);
    }
    if (clock.instant().isAfter(charge.at().plus(refetchWindow))) {
      return answer("CF-13331", "재발급 가능 기간이 지났습니다.", null);
    }
    return answer("CF-00000", "성공", documentData(charge));
  }

  private static ObjectNode documentData(Charge charge) {
    ObjectNode data = JSON.createObjectNode();
    data.put("resIssueNo", "1234-5678");
    data.put("resOriGinalData", Base64.getMimeEncoder().encodeToString(charge.pdf()));
    return data;
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
