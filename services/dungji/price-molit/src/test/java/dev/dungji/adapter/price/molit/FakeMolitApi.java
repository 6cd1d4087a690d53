package dev.dungji.adapter.price.molit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A local HTTP server answering as the data.go.kr 아파트 매매 실거래가 operation does: XML with a {@code
 * <header>} and {@code <body><items>}, amounts in 만원 with commas, called-off deals marked {@code
 * cdealType O}, paging by {@code pageNo}/{@code numOfRows}, and the gateway's own error document
 * for a refused key or a used-up quota. Behaviour by LAWD_CD:
 *
 * <ul>
 *   <li>{@code 11440} (마포구): deals in 2026-10 and 2026-11, in pages
 *   <li>{@code 90001}: the gateway refuses the key (returnReasonCode 30)
 *   <li>{@code 90002}: the gateway's quota error (returnReasonCode 22)
 *   <li>{@code 90003}: resultCode 000 and no items
 *   <li>{@code 90004}: a truncated XML answer
 *   <li>{@code 90005}: answers after {@link #slowMillis}, or when {@link #release} is counted down
 *   <li>{@code 90006}: HTTP 401 "Unauthorized" (the newer gateway's refusal)
 * </ul>
 */
final class FakeMolitApi implements AutoCloseable {
  static final String PATH = "/1613000/RTMSDataSvcAptTrade/getRTMSDataSvcAptTrade";
  static final String KEY = "test+key/with=chars";

  final List<Map<String, String>> requests = new CopyOnWriteArrayList<>();
  final CountDownLatch release = new CountDownLatch(1);
  volatile long slowMillis = 5_000;
  private final HttpServer server;

  FakeMolitApi() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(PATH, this::answer);
    server.setExecutor(java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor());
    server.start();
  }

  URI endpoint() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + PATH);
  }

  private void answer(HttpExchange exchange) throws IOException {
    Map<String, String> q = query(exchange.getRequestURI().getRawQuery());
    requests.add(q);
    String lawd = q.getOrDefault("LAWD_CD", "");
    if (!KEY.equals(q.get("serviceKey"))) {
      send(exchange, 200, gatewayError("30", "SERVICE_KEY_IS_NOT_REGISTERED_ERROR"));
      return;
    }
    switch (lawd) {
      case "90001" ->
          send(exchange, 200, gatewayError("30", "SERVICE_KEY_IS_NOT_REGISTERED_ERROR"));
      case "90002" ->
          send(
              exchange,
              200,
              gatewayError("22", "LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR"));
      case "90003" -> send(exchange, 200, trades(List.of(), 0, q));
      case "90004" ->
          send(exchange, 200, "<?xml version=\"1.0\"?><response><header><resultCode>000</result");
      case "90005" -> {
        try {
          release.await(slowMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        send(exchange, 200, trades(List.of(), 0, q));
      }
      case "90006" -> send(exchange, 401, "Unauthorized");
      case "11440" -> send(exchange, 200, mapo(q));
      default -> send(exchange, 200, trades(List.of(), 0, q));
    }
  }

  /** 마포구: 2026-10 has 3 deals (one called off), 2026-11 has 5 over two pages of 3. */
  private static String mapo(Map<String, String> q) {
    String ymd = q.get("DEAL_YMD");
    List<String> all =
        switch (ymd) {
          case "202610" ->
              List.of(
                  item("래미안푸르지오", "150,000", "84.59", 2026, 10, 3, false),
                  item("래미안푸르지오", "310,000", "84.59", 2026, 10, 9, true),
                  item("마포자이", "98,000", "59.96", 2026, 10, 21, false));
          case "202611" ->
              List.of(
                  item("래미안푸르지오", "152,000", "84.97", 2026, 11, 2, false),
                  item("래미안푸르지오", "149,500", "84.59", 2026, 11, 7, false),
                  item("마포자이", "99,000", "59.96", 2026, 11, 12, false),
                  item("마포자이", "101,000", "59.96", 2026, 11, 14, false),
                  item("공덕삼성", "155,000", "82.10", 2026, 11, 28, false));
          default -> List.of();
        };
    int size = Integer.parseInt(q.getOrDefault("numOfRows", "10"));
    int page = Integer.parseInt(q.getOrDefault("pageNo", "1"));
    int from = Math.min(all.size(), (page - 1) * size);
    int to = Math.min(all.size(), from + size);
    return trades(all.subList(from, to), all.size(), q);
  }

  static String item(
      String apt, String amount, String area, int y, int m, int d, boolean cancelled) {
    return "<item><aptDong> </aptDong><aptNm>"
        + apt
        + "</aptNm><buildYear>2014</buildYear><cdealDay>"
        + (cancelled ? "26.10.20" : " ")
        + "</cdealDay><cdealType>"
        + (cancelled ? "O" : " ")
        + "</cdealType><dealAmount>"
        + amount
        + "</dealAmount><dealDay>"
        + d
        + "</dealDay><dealMonth>"
        + m
        + "</dealMonth><dealYear>"
        + y
        + "</dealYear><dealingGbn>중개거래</dealingGbn><excluUseAr>"
        + area
        + "</excluUseAr><floor>7</floor><jibun>123</jibun><sggCd>11440</sggCd>"
        + "<umdNm>아현동</umdNm></item>";
  }

  static String trades(List<String> items, int total, Map<String, String> q) {
    return "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?><response><header>"
        + "<resultCode>000</resultCode><resultMsg>OK</resultMsg></header><body><items>"
        + String.join("", items)
        + "</items><numOfRows>"
        + q.getOrDefault("numOfRows", "10")
        + "</numOfRows><pageNo>"
        + q.getOrDefault("pageNo", "1")
        + "</pageNo><totalCount>"
        + total
        + "</totalCount></body></response>";
  }

  static String gatewayError(String reason, String message) {
    return "<OpenAPI_ServiceResponse><cmmMsgHeader><errMsg>SERVICE ERROR</errMsg>"
        + "<returnAuthMsg>"
        + message
        + "</returnAuthMsg><returnReasonCode>"
        + reason
        + "</returnReasonCode></cmmMsgHeader></OpenAPI_ServiceResponse>";
  }

  private static void send(HttpExchange exchange, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "application/xml;charset=UTF-8");
    try {
      exchange.sendResponseHeaders(status, bytes.length);
      exchange.getResponseBody().write(bytes);
    } catch (IOException e) {
      // The client gave up (the slow case): nothing to answer.
    } finally {
      exchange.close();
    }
  }

  private static Map<String, String> query(String raw) {
    Map<String, String> q = new HashMap<>();
    if (raw != null) {
      for (String pair : raw.split("&")) {
        int eq = pair.indexOf('=');
        if (eq > 0) {
          q.put(
              URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
              URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
      }
    }
    return q;
  }

  @Override
  public void close() {
    release.countDown();
    server.stop(0);
  }
}
