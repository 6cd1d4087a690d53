package dev.dongchimi.adapter.images.naver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.dongchimi.ai.AiException;
import dev.dongchimi.ai.AiRefusedException;
import dev.dongchimi.ai.ImageCandidate;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The adapter against a local server that answers as Naver's shopping search does: items with
 * {@code <b>} highlights, paging parameters, the credentials headers, 429 for the per-second rate
 * (012) and for the day's quota (010), 401 (024), 500 (SE99), a 400 for a query it cannot take,
 * malformed items, a body that is not JSON, an answer that never comes.
 */
class NaverShoppingCandidatesTest {
  private HttpServer server;
  private final Map<String, String> lastQuery = new ConcurrentHashMap<>();
  private final Map<String, String> lastHeaders = new ConcurrentHashMap<>();
  private volatile Answer answer;
  private final CountDownLatch release = new CountDownLatch(1);

  record Answer(int status, String body, Map<String, String> headers, boolean hang) {
    static Answer json(int status, String body) {
      return new Answer(status, body, Map.of(), false);
    }
  }

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    server.createContext("/v1/search/shop.json", this::handle);
    server.start();
  }

  @AfterEach
  void stop() {
    release.countDown();
    server.stop(0);
  }

  private void handle(HttpExchange ex) throws IOException {
    lastQuery.clear();
    for (String pair : ex.getRequestURI().getRawQuery().split("&")) {
      String[] kv = pair.split("=", 2);
      lastQuery.put(kv[0], URLDecoder.decode(kv[1], StandardCharsets.UTF_8));
    }
    lastHeaders.put("id", String.valueOf(ex.getRequestHeaders().getFirst("X-Naver-Client-Id")));
    lastHeaders.put(
        "secret", String.valueOf(ex.getRequestHeaders().getFirst("X-Naver-Client-Secret")));
    Answer a = answer;
    if (a.hang()) {
      try {
        release.await();
      } catch (InterruptedException ignored) {
        // stopping
      }
      ex.close();
      return;
    }
    byte[] body = a.body().getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().set("Content-Type", "application/json;charset=utf-8");
    a.headers().forEach((k, v) -> ex.getResponseHeaders().set(k, v));
    ex.sendResponseHeaders(a.status(), body.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(body);
    }
  }

  private NaverShoppingCandidates adapter() {
    return new NaverShoppingCandidates(
        new NaverShoppingSettings(
            URI.create("http://127.0.0.1:" + server.getAddress().getPort()),
            "client-id-1",
            "secret-1",
            5,
            Duration.ofSeconds(2),
            Duration.ofSeconds(3)));
  }

  static final String ITEMS =
      """
      {"lastBuildDate":"Wed, 02 Dec 2026 10:00:00 +0900","total":1520,"start":1,"display":5,
       "items":[
        {"title":"<b>서울우유</b> 나100% <b>1L</b>","link":"https://search.shopping.naver.com/catalog/1",
         "image":"https://shopping-phinf.pstatic.net/main_1/1.jpg","lprice":"2980","hprice":"",
         "mallName":"네이버","productId":"1","productType":"1","brand":"서울우유",
         "maker":"서울우유협동조합","category1":"식품","category2":"우유/유제품","category3":"우유",
         "category4":""},
        {"title":"매일 &amp; <b>우유</b> 900ml","image":"https://shopping-phinf.pstatic.net/main_2/2.jpg",
         "lprice":"2500","brand":"매일우유","maker":"매일유업","category1":"식품"},
        {"title":"이미지 없는 상품","lprice":"1000"},
        {"title":"<b>우유</b> 광고","image":"javascript:alert(1)"},
        {"title":12345,"image":"https://shopping-phinf.pstatic.net/main_3/3.jpg"},
        "not an item",
        {"title":"<b>서울우유</b> 1L 중복","image":"https://shopping-phinf.pstatic.net/main_1/1.jpg"}
       ]}
      """;

  @Test
  void titlesLoseTheirHighlightsAndMalformedItemsAreSkipped() throws Exception {
    answer = Answer.json(200, ITEMS);

    List<ImageCandidate> found = adapter().find("서울우유 1L");

    assertThat(found)
        .containsExactly(
            new ImageCandidate("https://shopping-phinf.pstatic.net/main_1/1.jpg", "서울우유 나100% 1L"),
            new ImageCandidate(
                "https://shopping-phinf.pstatic.net/main_2/2.jpg", "매일우유 매일 & 우유 900ml"));
    assertThat(lastQuery)
        .containsEntry("query", "서울우유 1L")
        .containsEntry("display", "5")
        .containsEntry("start", "1")
        .containsEntry("sort", "sim");
    assertThat(lastHeaders).containsEntry("id", "client-id-1").containsEntry("secret", "secret-1");
  }

  @Test
  void noItemsIsNoCandidate() throws Exception {
    answer = Answer.json(200, "{\"total\":0,\"start\":1,\"display\":0,\"items\":[]}");
    assertThat(adapter().find("없는상품")).isEmpty();
    assertThat(adapter().find("  ")).isEmpty();
  }

  @Test
  void theRateLimitPassesAndSaysWhenToComeBack() {
    answer =
        new Answer(
            429,
            "{\"errorMessage\":\"Rate limit exceeded. (속도 제한을 초과했습니다.)\",\"errorCode\":\"012\"}",
            Map.of("Retry-After", "2"),
            false);
    assertThatThrownBy(() -> adapter().find("우유"))
        .isInstanceOfSatisfying(
            AiException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(AiException.Kind.RATE_LIMITED);
              assertThat(e.retryAfter()).hasValue(Duration.ofSeconds(2));
            });
  }

  @Test
  void theDaysQuotaAndBadCredentialsAreRefusals() {
    answer = Answer.json(429, "{\"errorMessage\":\"Quota Exceeded\",\"errorCode\":\"010\"}");
    assertThatThrownBy(() -> adapter().find("우유"))
        .isInstanceOf(AiRefusedException.class)
        .hasMessageContaining("quota");
    answer =
        Answer.json(
            401,
            "{\"errorMessage\":\"Not Exist Client ID : Authentication failed. (인증에 실패했습니다.)\","
                + "\"errorCode\":\"024\"}");
    assertThatThrownBy(() -> adapter().find("우유"))
        .isInstanceOf(AiRefusedException.class)
        .hasMessageContaining("024")
        .hasMessageNotContaining("secret-1");
  }

  @Test
  void serverErrorsMalformedBodiesAndTimeoutsMayPass() {
    answer = Answer.json(500, "{\"errorMessage\":\"System error.\",\"errorCode\":\"SE99\"}");
    assertKind(AiException.Kind.UNAVAILABLE);
    answer = Answer.json(200, "<html>maintenance</html>");
    assertKind(AiException.Kind.BAD_RESPONSE);
    answer = Answer.json(200, "{\"total\":3}");
    assertKind(AiException.Kind.BAD_RESPONSE);
    answer = new Answer(200, "", Map.of(), true);
    assertKind(AiException.Kind.TIMEOUT);
  }

  @Test
  void aQueryTheSearchCannotTakeIsNoCandidate() throws Exception {
    answer =
        Answer.json(400, "{\"errorMessage\":\"Incorrect query request.\",\"errorCode\":\"SE01\"}");
    assertThat(adapter().find("%%%")).isEmpty();
  }

  @Test
  void settingsNeverShowTheSecret() {
    NaverShoppingSettings settings =
        new NaverShoppingSettings(
            URI.create("https://openapi.naver.com"),
            "id",
            "s3cr3t",
            10,
            Duration.ofSeconds(1),
            Duration.ofSeconds(1));
    assertThat(settings.toString()).doesNotContain("s3cr3t");
    assertThatThrownBy(
            () ->
                new NaverShoppingSettings(
                    URI.create("https://openapi.naver.com"),
                    "id",
                    " ",
                    10,
                    Duration.ofSeconds(1),
                    Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void highlightsAndEntitiesAreRemoved() {
    assertThat(NaverShoppingCandidates.title("<b>신라면</b> 120g x 5 &quot;멀티&quot;"))
        .isEqualTo("신라면 120g x 5 \"멀티\"");
  }

  private void assertKind(AiException.Kind kind) {
    assertThatThrownBy(() -> adapter().find("우유"))
        .isInstanceOfSatisfying(AiException.class, e -> assertThat(e.kind()).isEqualTo(kind));
  }
}
