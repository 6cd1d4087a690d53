package dev.dongchimi;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.dongchimi.images.TestPictures;
import dev.platform.test.Answer;
import dev.platform.test.ApiClient;
import dev.platform.test.SignUp;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * An owner posts products with their own image_url, served by a real local HTTP server that serves
 * what the web serves: the good photo is downloaded once and served by 동치미 (never hot-linked); an
 * SVG with a script, a decompression bomb, a 404 and a server that never finishes leave the product
 * with its placeholder and the reason in a header, never a failed request.
 */
@SpringBootTest(
    classes = DongchimiTestApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "dongchimi.pictures.allow-private-addresses=true",
      "dongchimi.pictures.download-timeout=2s"
    })
class OwnerImageUrlApiTest {
  @LocalServerPort int port;

  private final Map<String, AtomicInteger> hits = new ConcurrentHashMap<>();
  private final CountDownLatch release = new CountDownLatch(1);
  private HttpServer server;
  private ApiClient api;
  private String owner;
  private long mart;

  @BeforeEach
  void setUp() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    serve("/good.jpg", "image/jpeg", TestPictures.jpeg(1200, 900));
    serve("/other.jpg", "image/jpeg", TestPictures.jpeg(500, 500));
    serve(
        "/script.svg",
        "image/svg+xml",
        "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>"
            .getBytes(StandardCharsets.UTF_8));
    serve("/bomb.png", "image/png", TestPictures.bombPng(60_000, 60_000));
    server.createContext(
        "/missing.jpg",
        ex -> {
          ex.sendResponseHeaders(404, -1);
          ex.close();
        });
    server.createContext(
        "/slow.jpg",
        ex -> {
          ex.sendResponseHeaders(200, 0);
          try (OutputStream out = ex.getResponseBody()) {
            out.write(TestPictures.jpeg(400, 400), 0, 100);
            out.flush();
            release.await(); // never finishes within the download timeout
          } catch (InterruptedException | IOException ignored) {
            // the client gave up
          }
        });
    server.start();

    api = new ApiClient(port);
    owner = SignUp.newToken(api, "MART_OWNER");
    Answer created =
        api.post(
            "/marts",
            owner,
            Map.of("name", "주인사진마트", "address", "서울 어딘가 2", "lat", 33.2, "lng", 126.4));
    assertThat(created.status()).as(created.body()).isEqualTo(201);
    mart = created.json().get("id").asLong();
  }

  @AfterEach
  void stop() {
    release.countDown();
    server.stop(0);
  }

  @Test
  void theOwnersImageUrlIsDownloadedOnceAndServedByDongchimi() throws IOException {
    Answer first = post("서울우유 1L", url("/good.jpg"));
    assertThat(first.status()).as(first.body()).isEqualTo(201);
    assertThat(first.header("Dongchimi-Picture-Refused")).isEmpty();
    JsonNode product = first.json();
    assertThat(product.get("picture_source").asString()).isEqualTo("OWNER");
    String served = product.get("image_url").asString();
    assertThat(served).startsWith("/product-images/").doesNotContain("127.0.0.1");
    HttpResponse<byte[]> image = ApiClient.fetch(api.url(served));
    assertThat(image.statusCode()).isEqualTo(200);
    assertThat(image.headers().firstValue("Content-Type")).hasValue("image/jpeg");
    assertThat(ApiClient.fetch(api.url(product.get("thumbnail_url").asString())).statusCode())
        .isEqualTo(200);

    // Posting the same product again with the same URL does not download it again.
    Answer again = post("서울우유 1L", url("/good.jpg"));
    assertThat(again.status()).as(again.body()).isEqualTo(201);
    assertThat(again.json().get("image_url").asString()).isEqualTo(served);
    assertThat(hits.get("/good.jpg").get()).as("downloaded once").isEqualTo(1);

    // A later failed URL leaves the owner's photo: a placeholder only goes where nothing else is.
    Answer broken = post("서울우유 1L", url("/missing.jpg"));
    assertThat(broken.status()).as(broken.body()).isEqualTo(201);
    assertThat(broken.header("Dongchimi-Picture-Refused")).isEqualTo("HTTP_STATUS");
    assertThat(broken.json().get("picture_source").asString()).isEqualTo("OWNER");
    assertThat(broken.json().get("image_url").asString()).isEqualTo(served);

    // The owner's newer photo replaces the older one.
    Answer newer = post("서울우유 1L", url("/other.jpg"));
    assertThat(newer.json().get("picture_source").asString()).isEqualTo("OWNER");
    assertThat(newer.json().get("image_url").asString()).isNotEqualTo(served);
  }

  @Test
  void aPictureThatCannotBeKeptLeavesThePlaceholderAndTheReason() {
    Map<String, String> expected =
        Map.of(
            "/script.svg", "SVG_REFUSED",
            "/bomb.png", "TOO_MANY_PIXELS",
            "/missing.jpg", "HTTP_STATUS",
            "/slow.jpg", "TIMEOUT");
    int n = 0;
    for (Map.Entry<String, String> e : expected.entrySet()) {
      Answer answer = post("상품" + (++n) + " 500g", url(e.getKey()));
      assertThat(answer.status()).as(e.getKey() + ": " + answer.body()).isEqualTo(201);
      assertThat(answer.header("Dongchimi-Picture-Refused")).as(e.getKey()).isEqualTo(e.getValue());
      JsonNode product = answer.json();
      assertThat(product.get("picture_source").asString()).as(e.getKey()).isEqualTo("PLACEHOLDER");
      assertThat(product.get("image_url").asString()).startsWith("/product-images/");
      assertThat(ApiClient.fetch(api.url(product.get("image_url").asString())).statusCode())
          .isEqualTo(200);
    }
  }

  @Test
  void aProductWithoutAnImageUrlGetsItsPlaceholder() {
    Answer answer = post("국산 삼겹살 500g", null);
    assertThat(answer.status()).as(answer.body()).isEqualTo(201);
    assertThat(answer.header("Dongchimi-Picture-Refused")).isEmpty();
    assertThat(answer.json().get("picture_source").asString()).isEqualTo("PLACEHOLDER");
  }

  private Answer post(String rawName, String imageUrl) {
    Map<String, Object> body = new HashMap<>();
    body.put("raw_name", rawName);
    body.put("category", "DAIRY");
    body.put("regular_price", 3000);
    body.put("image_url", imageUrl);
    return api.post("/marts/" + mart + "/products", owner, body);
  }

  private String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  private void serve(String path, String contentType, byte[] body) {
    server.createContext(
        path,
        ex -> {
          hits.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
          ex.getResponseHeaders().set("Content-Type", contentType);
          ex.sendResponseHeaders(200, body.length);
          try (OutputStream out = ex.getResponseBody()) {
            out.write(body);
          }
        });
  }
}
